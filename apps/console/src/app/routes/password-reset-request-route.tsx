import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { PasswordResetRequestForm } from '../../features/auth/components/password-reset-request-form';

/** Lazily loaded by the router: the forms bring react-hook-form and zod, which no other first screen needs. */
export default function PasswordResetRequestRoute() {
  useDocumentTitle('Reset password · Dastak');
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your email and we will send you a link to set a new password."
    >
      <PasswordResetRequestForm onSuccess={() => navigate('/login')} />
    </AuthCard>
  );
}
