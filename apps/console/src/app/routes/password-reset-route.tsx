import { PASSWORD_MIN } from '@dastak/core/constants';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { PasswordResetForm } from '../../features/auth/components/password-reset-form';

/** Lazily loaded by the router: the forms bring react-hook-form and zod, which no other first screen needs. */
export default function PasswordResetRoute() {
  useDocumentTitle('Set a new password · Dastak');
  const { passwordResetToken = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Set a new password"
      subtitle={`Choose a password of at least ${PASSWORD_MIN} characters.`}
    >
      <PasswordResetForm token={passwordResetToken} onSuccess={() => navigate('/login')} />
    </AuthCard>
  );
}
