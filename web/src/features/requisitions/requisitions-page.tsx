import { useCallback, useState } from 'react';
import type { TRequisition } from '@app/domain/schemas/requisitions';
import { RequisitionForm } from './components/requisition-form';
import { RequisitionList } from './components/requisition-list';

type TMode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; requisition: TRequisition };

/** Requisitions (spec 3 §2.3) in its two modes: the list and the form (new or edit). */
export function RequisitionsPage() {
  const [mode, setMode] = useState<TMode>({ kind: 'list' });
  const toList = useCallback(() => setMode({ kind: 'list' }), []);
  if (mode.kind === 'list')
    return (
      <RequisitionList
        onNew={() => setMode({ kind: 'new' })}
        onEdit={(requisition) => setMode({ kind: 'edit', requisition })}
      />
    );
  return (
    <RequisitionForm
      key={mode.kind === 'edit' ? mode.requisition.requisition_id : 'new'}
      editing={mode.kind === 'edit' ? mode.requisition : null}
      onBack={toList}
    />
  );
}
