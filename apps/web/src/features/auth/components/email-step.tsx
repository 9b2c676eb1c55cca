import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../forms/lazy-resolver';
import { errorMessageFor } from '../../../lib/http';
import { useRequestCode } from '../api';

const SUPPORT_EMAIL = 'support@atrium.local';

const emailRules = lazyResolver(async () => (await import('../login-rules')).emailResolver);

type EmailStepProps = { onCodeSent: (email: string) => void };

/** Step 1/2: asks for the registered e-mail and has the code mailed to it. */
export function EmailStep({ onCodeSent }: EmailStepProps) {
  const requestCode = useRequestCode();
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver: emailRules,
    defaultValues: { email: '' },
  });

  useEffect(() => setFocus('email'), [setFocus]);
  // Loaded while the e-mail is typed, so that sending it does not wait for the rules.
  useEffect(() => void emailRules.preload(), []);

  const submit = handleSubmit(({ email }) =>
    requestCode.mutate(
      { email },
      {
        onSuccess: () => onCodeSent(email),
        onError: (error) =>
          setError('email', { message: errorMessageFor(error, 'email') }, { shouldFocus: true }),
      },
    ),
  );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Enter the e-mail you use at work and we will send you a one-time code to log in.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...register('email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            placeholder="name@company.com"
            leftSection={<IconMail size={16} aria-hidden />}
            error={formState.errors.email?.message}
          />
          <Button type="submit" fullWidth loading={requestCode.isPending} disabled={!formState.isDirty}>
            Get the Code
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center">
        Forgot your password?{' '}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
          Contact support
        </Anchor>
      </Text>
    </Stack>
  );
}
