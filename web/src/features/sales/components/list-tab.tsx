import { UnderDevelopment } from '../../../components/under-development';

export function ListTab() {
  return <UnderDevelopment />;
}
