import { USER_TYPES } from '@dastak/core/states';
import { type FormEvent, useState } from 'react';
import { login } from '../api';
import { useT } from '../i18n/i18n';
import { setSession } from '../session';
import { LanguageSwitch } from './parts';

/** Mobile number or email, and password (riders share staff sign-in's sessions). */
export function LoginScreen() {
  const t = useT();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await login(name.trim(), password);
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
          <span>{t.loginLabel}</span>
          <input
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
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
