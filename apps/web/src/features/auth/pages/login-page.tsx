import { ActionIcon, Card, Center, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { BrandMark } from '../../../ui/brand-mark';
import { CodeStep } from '../components/code-step';
import { EmailStep } from '../components/email-step';

/**
 * The code step cannot exist without the e-mail the code went to, so the spec's case "resend with no
 * e-mail stored" cannot arise. Each step owns its form and unmounts when the stage changes: that is what
 * resets both forms on the way back and clears every error whenever the stage changes.
 */
type LoginStage = { step: 'start' } | { step: 'code'; email: string };

export function LoginPage() {
  const [stage, setStage] = useState<LoginStage>({ step: 'start' });

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <title>Log in · Atrium</title>
      <Stack w="100%" maw={400} gap="xl">
        <BrandMark />
        <Card component="main" withBorder shadow="xs" p={{ base: 'lg', xs: 'xl' }}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Group gap={4} wrap="nowrap">
                {stage.step === 'code' && (
                  <Tooltip label="Change e-mail">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      ml={-6}
                      aria-label="Change e-mail"
                      onClick={() => setStage({ step: 'start' })}
                    >
                      <IconArrowLeft size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Title order={1} size="h3">
                  Authorization
                </Title>
              </Group>
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {stage.step === 'start' ? '1/2' : '2/2'}
              </Text>
            </Group>
            {stage.step === 'start' ? (
              <EmailStep onCodeSent={(email) => setStage({ step: 'code', email })} />
            ) : (
              <CodeStep email={stage.email} />
            )}
          </Stack>
        </Card>
      </Stack>
    </Center>
  );
}
