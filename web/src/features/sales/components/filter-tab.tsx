import { UnderDevelopment } from '../../../components/under-development';

export function FilterTab() {
  return <UnderDevelopment />;
}
