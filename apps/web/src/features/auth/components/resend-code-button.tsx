import { RESEND_DELAY_SECONDS } from '@atrium/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageFor } from '../../../lib/http';
import { useRequestCode } from '../api';
import { formatCountdown, useCountdown } from '../use-countdown';

type ResendCodeButtonProps = { email: string };

/** "Send a new code", held back until the countdown since the last mail is (nearly) over. */
export function ResendCodeButton({ email }: ResendCodeButtonProps) {
  const resend = useRequestCode();
  const { secondsLeft, restart } = useCountdown(RESEND_DELAY_SECONDS);
  const waiting = secondsLeft > 1;

  const sendAgain = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          restart();
          notifications.show({ message: `A new code is on its way to ${email}` });
        },
      },
    );

  return (
    <Stack gap={4} align="center">
      <Button
        variant="subtle"
        size="compact-sm"
        loading={resend.isPending}
        disabled={waiting}
        // While it counts down it reads as a note rather than as a greyed-out control.
        bg={waiting ? 'transparent' : undefined}
        onClick={sendAgain}
      >
        Send a new code
        {waiting && (
          <Text span inherit ml={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCountdown(secondsLeft)}
          </Text>
        )}
      </Button>
      {/* Spec: a failed resend shows only here, not under the code field. */}
      {resend.isError && (
        <Text size="xs" c="red" role="alert">
          {errorMessageFor(resend.error, 'email')}
        </Text>
      )}
    </Stack>
  );
}
