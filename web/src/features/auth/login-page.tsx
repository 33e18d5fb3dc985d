import { useState } from 'react';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthFrame, focusFirstInvalid, FormAlert } from './components/auth-frame';
import { TextField } from './components/text-field';
import { useLogin, type TLoginMode } from './api/login';
import styles from './auth.module.css';

type TLoginForm = { identifier: string; password: string };

/*
 * The same rules and messages as ZMdLoginRequestSchema / ZEmployeeLoginRequestSchema, written as
 * plain @mantine/form rules: loading zod here would double this screen's JavaScript.
 */
const required = (label: string) => (value: string) => (value.trim() ? null : `${label} is required`);

function LoginForm({ mode }: { mode: TLoginMode }) {
  const navigate = useNavigate();
  const login = useLogin();
  const isMd = mode === 'md';
  const form = useForm<TLoginForm>({
    mode: 'controlled',
    initialValues: { identifier: '', password: '' },
    validate: {
      identifier: required(isMd ? 'Username' : 'Email'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      const response = await login.run({ mode, ...values });
      if (response) void navigate('/dashboard', { replace: true });
    },
    (_errors, _values, event) => {
      login.reset();
      focusFirstInvalid(event?.currentTarget);
    },
  );

  return (
    <form onSubmit={submit} noValidate className={styles.stack}>
      {Boolean(login.error) && (
        <FormAlert tone="error" title="Sign-in failed">
          {errorMessage(login.error, 'Login failed')}
        </FormAlert>
      )}
      {isMd ? (
        <TextField
          label="Username (business name)"
          autoComplete="username"
          inputProps={form.getInputProps('identifier')}
        />
      ) : (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputProps={form.getInputProps('identifier')}
        />
      )}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        inputProps={form.getInputProps('password')}
      />
      <button type="submit" className={styles.button} disabled={login.pending}>
        {login.pending ? 'Signing in...' : isMd ? 'Login as MD' : 'Login as Employee'}
      </button>
    </form>
  );
}

/** Login (spec 1 §2): MD by username, employee by e-mail. */
export function LoginPage() {
  useDocumentTitle('Login');
  const [mode, setMode] = useState<TLoginMode>('md');

  return (
    <AuthFrame title="Welcome back" subtitle="Sign in to manage your sales and inventory">
      <div className={styles.segmented} role="group" aria-label="Account type">
        <button
          type="button"
          className={styles.segment}
          aria-pressed={mode === 'md'}
          onClick={() => setMode('md')}
        >
          MD Login
        </button>
        <button
          type="button"
          className={styles.segment}
          aria-pressed={mode === 'employee'}
          onClick={() => setMode('employee')}
        >
          Employee Login
        </button>
      </div>
      <LoginForm key={mode} mode={mode} />
      <div className={styles.footerLinks}>
        <span>
          New business?{' '}
          <Link to="/register" className={styles.link}>
            Sign up — create an account
          </Link>
        </span>
        <Link to="/" className={styles.link}>
          Back to home
        </Link>
      </div>
    </AuthFrame>
  );
}
