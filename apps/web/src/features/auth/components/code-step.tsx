import { OTP_LENGTH, OTP_TTL_MINUTES } from '@atrium/contracts';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { lazyResolver } from '../../../forms/lazy-resolver';
import { errorMessageFor } from '../../../lib/http';
import { useCheckCode } from '../api';
import { ResendCodeButton } from './resend-code-button';

const codeRules = lazyResolver(async () => (await import('../login-rules')).codeResolver);

type CodeStepProps = { email: string };

/** Step 2/2: takes the mailed one-time code, opens the session and goes home. */
export function CodeStep({ email }: CodeStepProps) {
  const navigate = useNavigate();
  const checkCode = useCheckCode();
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver: codeRules,
    defaultValues: { otp: '' },
  });

  useEffect(() => setFocus('otp'), [setFocus]);
  useEffect(() => void codeRules.preload(), []);

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
