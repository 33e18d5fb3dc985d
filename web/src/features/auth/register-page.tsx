import { useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate } from 'react-router';
import { ZRegisterFormSchema, type TRegisterForm } from '@app/domain/schemas/auth';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthFrame, focusFirstInvalid, FormAlert } from './components/auth-frame';
import { TextField } from './components/text-field';
import { useRegister } from './api/register';
import styles from './auth.module.css';

const REDIRECT_AFTER_REGISTER_MS = 3000;

/** Registration (spec 1 §2): creates the business and its MD account, then back to login after 3 s. */
export function RegisterPage() {
  useDocumentTitle('Create an account');
  const navigate = useNavigate();
  const registration = useRegister();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<TRegisterForm>({
    mode: 'controlled',
    initialValues: { username: '', email: '', password: '', confirm_password: '', accepted_terms: false },
    validate: zod4Resolver(ZRegisterFormSchema),
  });

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_AFTER_REGISTER_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const submit = form.onSubmit(
    async (values) => {
      const response = await registration.run(values);
      if (!response) return;
      setSuccess(`${response.msg || 'Registration successful!'} Redirecting you to login in 3 seconds...`);
      form.reset();
    },
    (_errors, _values, event) => {
      registration.reset();
      focusFirstInvalid(event?.currentTarget);
    },
  );

  const terms = form.getInputProps('accepted_terms', { type: 'checkbox' });

  return (
    <AuthFrame title="Create your account" subtitle="Start free: 10 transactions, no card needed">
      <form onSubmit={submit} noValidate className={styles.stack}>
        {success && (
          <FormAlert tone="success" title="Account created">
            {success}
          </FormAlert>
        )}
        {Boolean(registration.error) && (
          <FormAlert tone="error" title="Could not register">
            {errorMessage(registration.error, 'Registration failed')}
          </FormAlert>
        )}
        <TextField
          label="Business name"
          description="You will sign in with this name as the MD (username)"
          autoComplete="organization"
          inputProps={form.getInputProps('username')}
        />
        <TextField label="Email" type="email" autoComplete="email" inputProps={form.getInputProps('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          inputProps={form.getInputProps('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          inputProps={form.getInputProps('confirm_password')}
        />
        <div className={styles.field}>
          <label className={styles.checkboxRow}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={Boolean(terms.checked)}
              onChange={terms.onChange}
              aria-invalid={terms.error ? true : undefined}
              aria-describedby={terms.error ? 'terms-error' : undefined}
            />
            <span>
              I accept the{' '}
              <a href="/api/auth/terms" target="_blank" rel="noopener noreferrer" className={styles.link}>
                Terms and Conditions
              </a>
            </span>
          </label>
          {terms.error && (
            <span id="terms-error" className={styles.error}>
              {terms.error}
            </span>
          )}
        </div>
        <button type="submit" className={styles.button} disabled={registration.pending || Boolean(success)}>
          {registration.pending ? 'Creating account...' : 'Create account'}
        </button>
      </form>
      <div className={styles.footerLinks}>
        <span>
          Already registered?{' '}
          <Link to="/login" className={styles.link}>
            Sign in
          </Link>
        </span>
        <Link to="/" className={styles.link}>
          Back to home
        </Link>
      </div>
    </AuthFrame>
  );
}
