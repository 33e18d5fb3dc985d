import { useEffect } from 'react';
import { Link } from 'react-router';
import { IconChartBar, IconPackage, IconReceipt2 } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../lib/brand';
import styles from './landing.module.css';

const TITLE = `${PRODUCT_NAME} — Sales & Inventory that just works`;
const DESCRIPTION =
  'Record sales with receipts and proforma invoices, control stock across warehouses, restock from suppliers ' +
  'and see your sales report. Built for Nigerian small businesses, on any phone or laptop.';

const WHY_CARDS = [
  {
    title: 'Sales & Invoices',
    text: 'Record sales in seconds, send receipts and proforma invoices your customers trust, and see who still owes you.',
    icon: IconReceipt2,
  },
  {
    title: 'Inventory Control',
    text: 'Know what is in every warehouse, see what is running low, restock from suppliers and take returns.',
    icon: IconPackage,
  },
  {
    title: 'Reports & Insights',
    text: 'Sales, payment methods, profit and best-selling items at a glance, with CSV export.',
    icon: IconChartBar,
  },
];

const FEATURES = [
  'Sales, receipts and proforma invoices in naira (₦)',
  'Stock levels per warehouse, restocking and a low-stock list',
  'Credit sales and supplier payments you can follow to the last kobo',
  'A customer list of everyone who buys from you',
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
              Sales, invoices, stock, suppliers and customers in one place — made for Nigerian shops,
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
              poster="/demo-poster.jpg"
              autoPlay
              loop
              muted
              playsInline
              preload="none"
              aria-label="Demo of the app: recording a sale and checking stock"
            >
              <source src="/demo.mp4" type="video/mp4" />
              <source src="/demo.webm" type="video/webm" />
            </video>
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
        <nav className={styles.footerLinks} aria-label="More">
          <Link to="/marketplace">Marketplace</Link>
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
