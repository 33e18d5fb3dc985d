import { htmlPage } from '../../platform/http/html-page.ts';

export const TERMS_HTML = htmlPage(
  'Terms and Conditions',
  `<p>These terms govern your business's use of the sales and inventory service. By creating an account you accept them on behalf of your business.</p>
<h2>1. Your account</h2><p>The person who registers is the business's Managing Director (MD) account holder and is responsible for every employee account created under it, for keeping passwords and the business access code secret, and for the permissions given to each employee.</p>
<h2>2. Your data</h2><p>Sales, stock, customer and expense records you enter belong to your business. We keep them only to provide the service, we never sell them, and we do not show them to other businesses. You may export your data at any time and delete your account from Settings.</p>
<h2>3. Plans and payment</h2><p>The free plan allows 10 transactions and 1 employee account. Pro plans are paid in advance by card for 30 or 365 days and renew unless cancelled. When a pro plan expires, the free plan's limits apply again; your data stays readable.</p>
<h2>4. Acceptable use</h2><p>Do not use the service for unlawful trade, to store data you have no right to hold, or to attempt to reach another business's records.</p>
<h2>5. Availability</h2><p>We work to keep the service available and your records safe, with backups, but we cannot promise uninterrupted service. Keep your own copies of records the law requires you to keep.</p>
<h2>6. Contact</h2><p>Questions about these terms: use the Feedback button in the app.</p>`,
);
