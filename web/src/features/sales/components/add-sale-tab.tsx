import { UnderDevelopment } from '../../../components/under-development';

export function AddSaleTab(_props: { onRecorded: () => void }) {
  return <UnderDevelopment />;
}
