import { CheckCodeBody, OTP_LENGTH, OTP_TTL_MINUTES } from '@atrium/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessageFor } from '../../../lib/http';
import { useCheckCode } from '../api';
import { ResendCodeButton } from './resend-code-button';

/** The form holds only the code; the e-mail comes from the first step. */
const CodeForm = CheckCodeBody.pick({ otp: true });

type CodeStepProps = { email: string };

/** Step 2/2: takes the mailed one-time code, opens the session and goes home. */
export function CodeStep({ email }: CodeStepProps) {
  const navigate = useNavigate();
  const checkCode = useCheckCode();
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver: zodResolver(CodeForm),
    defaultValues: { otp: '' },
  });

  useEffect(() => setFocus('otp'), [setFocus]);

  const submit = handleSubmit(({ otp }) =>
    checkCode.mutate(
      { email, otp },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: (error) =>
          setError('otp', { message: errorMessageFor(error, 'otp') }, { shouldFocus: true }),
      },
    ),
  );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        We sent a {OTP_LENGTH}-digit code to{' '}
        <Anchor href={`mailto:${email}`} size="sm" fw={500}>
          {email}
        </Anchor>
        . It is valid for {OTP_TTL_MINUTES} minutes.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...register('otp')}
            label="One-time code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            placeholder={'0'.repeat(OTP_LENGTH)}
            styles={{ input: { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.2em' } }}
            error={formState.errors.otp?.message}
          />
          <Button type="submit" fullWidth loading={checkCode.isPending} disabled={!formState.isDirty}>
            Log In
          </Button>
        </Stack>
      </form>
      <ResendCodeButton email={email} />
    </Stack>
  );
}
