/**
 * Upgrades a business to Pro the way its MD would, through the API: start a card payment, press Pay on the
 * embedded test checkout (which sends the signed webhook), and verify the payment on return. For journeys
 * whose subject is a Pro feature (bank linking, alerts), not the payment itself.
 */
import { api } from './harness.ts';

export async function upgradeToPro(token: string, planKey: 'monthly_pro' | 'yearly' = 'yearly') {
  const started = await api(`/dashboard/initialize-payment?plan_key=${planKey}`, { token, method: 'POST' });
  if (started.status !== 200)
    throw new Error(`initialize-payment: ${started.status} ${JSON.stringify(started.body)}`);
  const { authorization_url: checkoutUrl, reference } = started.body as {
    authorization_url: string;
    reference: string;
  };
  const paid = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ confirm: 'pay' }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`test checkout Pay: ${paid.status} ${await paid.text()}`);
  const verified = await api(`/dashboard/verify-payment?reference=${reference}`, { token });
  const answer = verified.body as { success?: boolean; message?: string };
  if (verified.status !== 200 || !answer.success)
    throw new Error(`verify-payment: ${verified.status} ${JSON.stringify(verified.body)}`);
  return reference;
}
