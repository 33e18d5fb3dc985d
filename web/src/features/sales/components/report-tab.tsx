import { UnderDevelopment } from '../../../components/under-development';

export function ReportTab() {
  return <UnderDevelopment />;
}
