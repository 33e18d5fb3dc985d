import { UnderDevelopment } from '../../../components/under-development';

export function ProformaTab() {
  return <UnderDevelopment />;
}
