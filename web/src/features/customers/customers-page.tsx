import { UnderDevelopment } from '../../components/under-development';

export function CustomersPage() {
  return <UnderDevelopment />;
}
