import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DEFAULT_ORDER, loadOrder, STEPS, sameOrder, saveOrder } from '../board';
import { WorkflowBoard } from '../components/workflow-board';

/**
 * /new-workflow: the "360 Review" workflow as a board of its steps (spec work side §2). The order lives in
 * this browser only: kept on every change, read back on the next visit, and "Reset board" restores it.
 */
export function WorkflowBoardPage() {
  const [order, setOrder] = useState(loadOrder);

  useEffect(() => {
    saveOrder(order);
  }, [order]);

  const reset = () => {
    setOrder(DEFAULT_ORDER);
    notifications.show({ message: 'The board is back in its first order.' });
  };

  return (
    <Stack gap="md" miw={0}>
      <title>360 Review · Atrium</title>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>360 Review</Title>
          <Text size="sm" c="dimmed">
            {STEPS.length} steps. Drag a card by its handle, or focus the handle and use Space and the arrow
            keys.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          onClick={reset}
          disabled={sameOrder(order, DEFAULT_ORDER)}
        >
          Reset board
        </Button>
      </Group>
      <WorkflowBoard order={order} onChange={setOrder} />
    </Stack>
  );
}
