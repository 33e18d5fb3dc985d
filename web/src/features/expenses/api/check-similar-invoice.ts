import type { TSimilarFile } from '@app/domain/files/similar-names';
import { api } from '../../../lib/api-client';

/**
 * Whether the business uploaded an expense invoice with a name like this one before (spec 3 §2.2). When the
 * server cannot say (offline, an error), the answer is no: the question is a courtesy, not a gate.
 */
export async function similarInvoiceExists(fileName: string): Promise<boolean> {
  try {
    const answer = await api.get<TSimilarFile>('/expenses/similar-invoice', {
      query: { file_name: fileName.slice(0, 200) },
    });
    return answer.similar_exists;
  } catch {
    return false;
  }
}
