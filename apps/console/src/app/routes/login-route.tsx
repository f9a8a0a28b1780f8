import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  useDocumentTitle('Login · Dastak');
  const navigate = useNavigate();
  return (
    <AuthCard title="Login" subtitle="Sign in to the Dastak operations console">
      <LoginForm onSuccess={() => navigate('/blood/dashboard', { replace: true })} />
    </AuthCard>
  );
}
