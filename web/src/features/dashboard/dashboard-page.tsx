import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { isMdRole } from '@app/domain/permissions/check';
import { errorMessage } from '../../lib/api-client';
import { isOnFreeTerms, useSubscriptionStatus } from '../../lib/api/get-subscription-status';
import { OPEN_PLANS_DELAY_MS, wantsPlans } from '../../lib/upgrade-navigation';
import { useAuth } from '../../lib/use-auth';
import { useVerifyPayment } from './api/verify-payment';
import { EmployeeManagement } from './components/employee-management';
import { SectionTiles } from './components/section-tiles';
import { StatCards } from './components/stat-cards';
import { UpgradePanel } from './components/upgrade-panel';

/** Returning from the payment provider: /dashboard?reference=... is verified once. */
function PaymentVerification() {
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyPayment();
  const started = useRef<string | null>(null);
  const reference = new URLSearchParams(location.search).get('reference');

  useEffect(() => {
    if (!reference || started.current === reference) return;
    started.current = reference;
    verify.mutate(reference, { onSettled: () => void navigate('/dashboard', { replace: true }) });
  }, [reference, verify, navigate]);

  if (verify.isPending) {
    return (
      <Alert color="blue" role="status">
        Verifying your payment...
      </Alert>
    );
  }
  if (verify.isSuccess && verify.data.success) {
    return (
      <Alert color="green" role="status" withCloseButton onClose={verify.reset}>
        {verify.data.message}
      </Alert>
    );
  }
  if (verify.isError || verify.isSuccess) {
    const detail = verify.isError ? errorMessage(verify.error, '') : verify.data.message;
    return (
      <Alert color="red" role="alert" withCloseButton onClose={verify.reset}>
        {detail ? `Payment verification failed: ${detail}` : 'Payment verification failed'}
      </Alert>
    );
  }
  return null;
}

/**
 * Dashboard Overview (spec 1 §2). `planPanel` (the MD's plan payments and renewal, from the billing
 * feature) and `flagsPanel` (records flagged by review, from admin review) are put in by the router: features
 * do not import each other.
 */
export function DashboardPage({ planPanel, flagsPanel }: { planPanel?: ReactNode; flagsPanel?: ReactNode }) {
  const auth = useAuth();
  const isMd = isMdRole(auth.role);
  const location = useLocation();
  const status = useSubscriptionStatus();
  const showUpgrade = isMd && isOnFreeTerms(status.data);
  const [plansOpen, setPlansOpen] = useState(false);
  const plansRef = useRef<HTMLDivElement>(null);

  // Arriving from an "Upgrade" button: open the plans 100 ms later and bring them into view.
  const openPlans = wantsPlans(location.state, location.search);
  useEffect(() => {
    if (!openPlans) return;
    const timer = setTimeout(() => {
      setPlansOpen(true);
      plansRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, OPEN_PLANS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [openPlans, location.key]);

  return (
    <Stack gap="lg">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Dashboard Overview
      </Title>
      <PaymentVerification />
      <StatCards />
      {isMd && flagsPanel}
      {showUpgrade && (
        <UpgradePanel ref={plansRef} opened={plansOpen} onToggle={() => setPlansOpen((open) => !open)} />
      )}
      {isMd && planPanel}
      <section aria-labelledby="sections-heading">
        <Title id="sections-heading" order={2} fz="lg" mb="sm">
          Your workspace
        </Title>
        <SectionTiles />
      </section>
      {isMd && <EmployeeManagement />}
    </Stack>
  );
}
