import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';

/** Lazily loaded by the router: the forms bring react-hook-form and zod, which no other first screen needs. */
export default function LoginRoute() {
  useDocumentTitle('Login · Dastak');
  const navigate = useNavigate();
  return (
    <AuthCard title="Login" subtitle="Sign in to the Dastak operations console">
      <LoginForm onSuccess={() => navigate('/blood/dashboard', { replace: true })} />
    </AuthCard>
  );
}
