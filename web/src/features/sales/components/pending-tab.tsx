import { UnderDevelopment } from '../../../components/under-development';

export function PendingTab() {
  return <UnderDevelopment />;
}
