import { USER_TYPES } from '@dastak/core/states';
import { type FormEvent, useState } from 'react';
import { login } from '../api';
import { useT } from '../i18n/i18n';
import { setSession } from '../session';
import { LanguageSwitch } from './parts';

/** Email and password (the login body takes an email); riders share staff sign-in. */
export function LoginScreen() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await login(email.trim(), password);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.status === 0 ? t.loginOffline : t.loginFailed);
      return;
    }
    if (answer.data.user.userType !== USER_TYPES.RIDER) {
      setError(t.notRider);
      return;
    }
    const { token, refreshToken, user } = answer.data;
    setSession({
      token,
      refreshToken,
      user: { id: user.id, email: user.email, fullName: user.fullName },
    });
  }

  return (
    <main className="r-screen">
      <header className="r-top">
        <h1>{t.appName}</h1>
        <LanguageSwitch />
      </header>
      <form className="r-card r-form" onSubmit={submit}>
        <h2>{t.loginTitle}</h2>
        <p className="r-muted">{t.loginHint}</p>
        <label className="r-field">
          <span>{t.emailLabel}</span>
          <input
            type="email"
            autoComplete="username"
            inputMode="email"
            dir="ltr"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="r-field">
          <span>{t.passwordLabel}</span>
          <input
            type="password"
            autoComplete="current-password"
            dir="ltr"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="r-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="r-primary" disabled={busy}>
          {busy ? t.signingIn : t.signIn}
        </button>
      </form>
    </main>
  );
}
