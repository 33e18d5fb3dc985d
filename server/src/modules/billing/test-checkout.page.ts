import { formatNaira } from '@app/domain/money/money';
import type { TSandboxCheckout } from './paystack-sandbox.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STATUS_WORDS: Record<TSandboxCheckout['status'], string> = {
  ongoing: '',
  success: 'This test payment is already paid.',
  abandoned: 'This test payment was cancelled.',
  failed: 'This test payment failed.',
};

/** The embedded test checkout: what Paystack's page would ask, clearly marked as a test, with Pay and Cancel. */
export function testCheckoutPage(checkout: TSandboxCheckout, actionPath: string): string {
  const open = checkout.status === 'ongoing';
  const done = STATUS_WORDS[checkout.status];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST checkout</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
.banner{background:#b45309;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.02em}
main{max-width:420px;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem}
h1{font-size:1.3rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:800;margin:.75rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem;margin:0 0 1rem;font-size:.95rem}
dt{color:#6b7280}dd{margin:0;word-break:break-all}
.note{font-size:.9rem;color:#374151;background:#fef3c7;border-radius:8px;padding:.6rem .75rem;margin-bottom:1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.actions form{flex:1 1 140px;margin:0}
button{width:100%;font-size:1rem;font-weight:700;border-radius:8px;padding:.8rem;border:0;cursor:pointer}
.pay{background:#0f9d58;color:#fff}.cancel{background:#e5e7eb;color:#111827}
a{color:#1d4ed8}
</style></head><body>
<div class="banner" role="note">TEST CHECKOUT — no real card is charged</div>
<main><div class="card">
<h1>TEST checkout</h1>
<p>This is the built-in test checkout: the server has no card payment key, so Pay completes the payment here as the card provider would.</p>
<div class="amount">${escapeHtml(formatNaira(checkout.amountKobo))}</div>
<dl>
<dt>Plan</dt><dd>${escapeHtml(checkout.planName ?? 'Pro')}</dd>
<dt>E-mail</dt><dd>${escapeHtml(checkout.email)}</dd>
<dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
</dl>
${
  open
    ? `<div class="note">Test card 4084 0840 8408 4081 — choose Pay to approve or Cancel to abandon the payment.</div>
<div class="actions">
<form method="post" action="${escapeHtml(actionPath)}/pay"><input type="hidden" name="confirm" value="pay"><button class="pay" type="submit">Pay ${escapeHtml(formatNaira(checkout.amountKobo))}</button></form>
<form method="post" action="${escapeHtml(actionPath)}/cancel"><input type="hidden" name="confirm" value="cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`
    : `<p class="note">${escapeHtml(done)}</p><p><a href="/dashboard?reference=${encodeURIComponent(checkout.reference)}">Back to the dashboard</a></p>`
}
</div></main></body></html>`;
}
