import { UnderDevelopment } from '../../../components/under-development';

export function ProformaListTab() {
  return <UnderDevelopment />;
}
