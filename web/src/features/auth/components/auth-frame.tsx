import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../lib/brand';
import styles from '../auth.module.css';

/** The centred card around the login and registration forms. */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <div className={styles.brand}>
          <Link to="/">
            <span className={styles.logo} aria-hidden="true">
              ₦
            </span>
            {PRODUCT_NAME}
          </Link>
        </div>
        <main className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
          {children}
        </main>
      </div>
    </div>
  );
}

export function FormAlert({
  tone,
  title,
  children,
}: {
  tone: 'error' | 'success';
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`${styles.alert} ${tone === 'error' ? styles.alertError : styles.alertSuccess}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <strong className={styles.alertTitle}>{title}</strong>
      {children}
    </div>
  );
}

/**
 * After a submit the form's own checks stopped: the focus goes to the first field they marked, so a keyboard
 * or screen-reader user lands on what to fix (the marks are drawn on the next frame).
 */
export function focusFirstInvalid(form: EventTarget | null | undefined): void {
  if (!(form instanceof HTMLFormElement)) return;
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
