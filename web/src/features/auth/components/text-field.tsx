import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import styles from '../auth.module.css';

/** What @mantine/form's getInputProps gives a text input. */
type TInputProps = {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  error?: ReactNode;
};

/** A labelled input with its error, for the library-free public forms. Passwords get show/hide. */
export function TextField({
  label,
  type = 'text',
  autoComplete,
  description,
  required = true,
  inputProps,
}: {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  description?: string;
  required?: boolean;
  inputProps: TInputProps;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const { error, value, onChange, onFocus, onBlur } = inputProps;
  const isPassword = type === 'password';
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </div>
      {description && (
        <span id={`${id}-description`} className={styles.description}>
          {description}
        </span>
      )}
      <div className={styles.inputWrap}>
        <input
          id={id}
          className={`${styles.input} ${isPassword ? styles.withToggle : ''}`}
          type={isPassword && visible ? 'text' : type}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={value ?? ''}
          onChange={onChange}
          onFocus={onFocus}
          onBlur={onBlur}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            title={visible ? 'Hide the text' : 'Show the text'}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
