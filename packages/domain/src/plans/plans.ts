/** Plans and limits (DESIGN.md §4 Plans, spec 1 §9). Prices are in kobo. */
export const FREE_TRANSACTION_LIMIT = 10;
export const FREE_EMPLOYEE_LIMIT = 1;

export type TPlanKey = 'free' | 'monthly_pro' | 'yearly';

export type TPlan = {
  key: TPlanKey;
  name: string;
  price_kobo: number;
  duration_days: number | null;
  tag: string | null;
  features: string[];
};

export type TPlanPrices = { monthlyKobo: number; yearlyKobo: number };

export const DEFAULT_PLAN_PRICES: TPlanPrices = { monthlyKobo: 1_500_000, yearlyKobo: 18_000_000 };

const PRO_FEATURES = [
  'Unlimited sales and employees',
  'Analytics dashboard',
  'POS and bank linking',
  'Auto-restock and alerts',
  'Expense tracking',
  'PDF and Excel export',
  'Role control',
  'Priority support',
  'Cloud backup',
];

export function buildPlans(prices: TPlanPrices = DEFAULT_PLAN_PRICES): TPlan[] {
  return [
    {
      key: 'free',
      name: 'Free',
      price_kobo: 0,
      duration_days: null,
      tag: null,
      features: [
        `${FREE_TRANSACTION_LIMIT} transactions`,
        `${FREE_EMPLOYEE_LIMIT} employee account`,
        'Sales, inventory and customers',
      ],
    },
    {
      key: 'monthly_pro',
      name: 'Pro Monthly',
      price_kobo: prices.monthlyKobo,
      duration_days: 30,
      tag: 'Popular',
      features: PRO_FEATURES,
    },
    {
      key: 'yearly',
      name: 'Pro Yearly',
      price_kobo: prices.yearlyKobo,
      duration_days: 365,
      tag: 'Best Value',
      features: [
        ...PRO_FEATURES,
        'E-mail receipts',
        'Custom logo branding on receipts',
        'Dedicated account manager',
        'Premium support',
        'Free updates',
      ],
    },
  ];
}

/** What a year costs less than twelve months, never below zero. */
export function yearlySavingKobo(prices: TPlanPrices): number {
  return Math.max(0, prices.monthlyKobo * 12 - prices.yearlyKobo);
}

export type TSubscriptionState = {
  plan: 'free' | 'pro';
  expires_at: Date | null;
  transaction_count: number;
  /** The paid plan last bought (Pro Yearly adds features); absent or null on free. */
  plan_key?: 'monthly_pro' | 'yearly' | null;
};

/**
 * What a plan unlocks beyond the screens of specs 2 and 3 (spec 1 §9). Reports, exports and e-mailed
 * receipts are those screens' own calls and stay open on every plan (docs/decisions.md).
 */
export type TPlanFeature = 'bank_linking' | 'alerts' | 'receipt_logo';

const YEARLY_FEATURES: readonly TPlanFeature[] = ['receipt_logo'];

/** The words of a refusal: "{name} is a Pro feature…". */
export const PLAN_FEATURE_NAMES: Record<TPlanFeature, string> = {
  bank_linking: 'Bank and POS linking',
  alerts: 'Stock and summary alerts',
  receipt_logo: 'Logo branding on receipts',
};

/** Whether an active plan includes a feature: Pro has all but the Yearly extras, which need Pro Yearly. */
export function planAllows(state: TSubscriptionState, feature: TPlanFeature, now: Date): boolean {
  if (!isProActive(state, now)) return false;
  return !YEARLY_FEATURES.includes(feature) || state.plan_key === 'yearly';
}

/** The 403 detail for a feature the plan lacks (never the words the client treats as a lock). */
export function planFeatureRefusal(feature: TPlanFeature): string {
  const name = PLAN_FEATURE_NAMES[feature];
  return YEARLY_FEATURES.includes(feature)
    ? `${name} is a Pro Yearly feature. Upgrade to Pro Yearly to use it.`
    : `${name} is a Pro feature. Upgrade to Pro to use it.`;
}

export function isProActive(state: TSubscriptionState, now: Date): boolean {
  return state.plan === 'pro' && state.expires_at !== null && state.expires_at.getTime() > now.getTime();
}

/** How much a business may keep in uploaded files (invoices, signatures, logos, vendor files). */
export const UPLOAD_QUOTA_BYTES = { free: 100 * 1024 * 1024, pro: 5 * 1024 * 1024 * 1024 } as const;

export function uploadQuotaBytes(state: TSubscriptionState, now: Date): number {
  return isProActive(state, now) ? UPLOAD_QUOTA_BYTES.pro : UPLOAD_QUOTA_BYTES.free;
}

export function uploadQuotaRefusal(state: TSubscriptionState, now: Date): string {
  return isProActive(state, now)
    ? 'Your business has used its 5 GB of uploaded files.'
    : 'Your business has used the 100 MB of uploaded files of the free plan. Upgrade to Pro to keep up to 5 GB.';
}

/**
 * E-mails staff send to addresses they type (receipts), per business per day by plan and per address per day:
 * past them the message is held back (kept in the outbox as held, not sent) and the call answers 429.
 */
export const CUSTOMER_EMAIL_LIMITS = { perDay: { free: 20, pro: 500 }, perAddressPerDay: 3 } as const;

export function customerEmailsPerDay(state: TSubscriptionState, now: Date): number {
  return isProActive(state, now) ? CUSTOMER_EMAIL_LIMITS.perDay.pro : CUSTOMER_EMAIL_LIMITS.perDay.free;
}

export function freeTransactionsRemaining(transactionCount: number): number {
  return Math.max(0, FREE_TRANSACTION_LIMIT - transactionCount);
}

/** Days left on a pro plan: the ceiling of (expiry − now) in days (spec 1 §2 header). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000));
}
