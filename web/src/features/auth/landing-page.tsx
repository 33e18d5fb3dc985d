import { useEffect } from 'react';
import { Link } from 'react-router';
import { IconChartBar, IconPackage, IconReceipt2 } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../lib/brand';
import styles from './landing.module.css';

const TITLE = `${PRODUCT_NAME} — Sales & Inventory that just works`;
const DESCRIPTION =
  'Record sales and invoices, control inventory across warehouses, track expenses and see reports. ' +
  'Built for Nigerian small businesses, on any phone or laptop.';

const WHY_CARDS = [
  {
    title: 'Sales & Invoices',
    text: 'Record sales in seconds, send receipts and proforma invoices your customers trust, and see who still owes you.',
    icon: IconReceipt2,
  },
  {
    title: 'Inventory Control',
    text: 'Know what is in every warehouse, get low-stock alerts, restock from suppliers and move stock between branches.',
    icon: IconPackage,
  },
  {
    title: 'Reports & Insights',
    text: 'Daily summaries, profit, expenses and best-selling items at a glance, with CSV and Excel export.',
    icon: IconChartBar,
  },
];

const FEATURES = [
  'Sales, receipts and proforma invoices in naira (₦)',
  'Stock levels, restocking and low-stock alerts',
  'Transfers between warehouses and B2B stock movement',
  'Expenses, payments and requisitions with approval',
  'A customer database you can export',
  'Staff accounts that see only what you allow',
];

function setMetaDescription(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** The public landing page (spec 1 §2). Plain CSS, no component library: it must load fast on 3G. */
export function LandingPage() {
  useEffect(() => {
    document.title = TITLE;
    setMetaDescription(DESCRIPTION);
  }, []);

  return (
    <div className={styles.page}>
      <header className={styles.nav}>
        <Link to="/" className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
          <span className={styles.logo} aria-hidden="true">
            ₦
          </span>
          {PRODUCT_NAME}
        </Link>
        <nav className={styles.navLinks} aria-label="Account">
          <Link to="/login" className={styles.linkButton}>
            Login
          </Link>
          <Link to="/register" className={`${styles.primaryButton} ${styles.navSignup}`}>
            Create an account
          </Link>
        </nav>
      </header>

      <main>
        <section className={styles.hero}>
          <div className={styles.heroText}>
            <h1 className={styles.headline}>Run a Smarter Business with Sales & Inventory that just works</h1>
            <p className={styles.lead}>
              Sales, invoices, stock, expenses and customers in one place — made for Nigerian shops,
              pharmacies, distributors and growing businesses.
            </p>
            <div className={styles.actions}>
              <Link to="/register" className={styles.primaryButton}>
                Create an account
              </Link>
              <Link to="/login" className={styles.secondaryButton}>
                Login
              </Link>
            </div>
            <p className={styles.small}>
              Free plan included. By signing up you agree to our{' '}
              <a href="/api/auth/terms" target="_blank" rel="noopener noreferrer">
                Terms and Conditions
              </a>
              .
            </p>
          </div>
          <div className={styles.videoFrame}>
            <video
              className={styles.video}
              src="/demo.mp4"
              poster="/demo-poster.svg"
              autoPlay
              loop
              muted
              playsInline
              preload="none"
              aria-label="Demo of the app: recording a sale and checking stock"
            />
          </div>
        </section>

        <section className={styles.section} aria-labelledby="why-heading">
          <h2 id="why-heading" className={styles.sectionTitle}>
            Why the product?
          </h2>
          <div className={styles.cards}>
            {WHY_CARDS.map((card) => (
              <article key={card.title} className={styles.card}>
                <span className={styles.cardIcon} aria-hidden="true">
                  <card.icon size={26} stroke={1.7} />
                </span>
                <h3 className={styles.cardTitle}>{card.title}</h3>
                <p className={styles.cardText}>{card.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className={`${styles.section} ${styles.growing}`} aria-labelledby="growing-heading">
          <h2 id="growing-heading" className={styles.sectionTitle}>
            Built for growing businesses
          </h2>
          <ul className={styles.featureList}>
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Link to="/register" className={styles.primaryButton}>
              Get Started
            </Link>
            <Link to="/login" className={styles.secondaryButton}>
              Sign In
            </Link>
          </div>
        </section>
      </main>

      <footer className={styles.footer}>
        <span>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </span>
        <nav className={styles.footerLinks} aria-label="Legal">
          <a href="/api/auth/terms" target="_blank" rel="noopener noreferrer">
            Terms and Conditions
          </a>
          <a href="/api/vendors/terms" target="_blank" rel="noopener noreferrer">
            Vendor Terms
          </a>
        </nav>
      </footer>
    </div>
  );
}
