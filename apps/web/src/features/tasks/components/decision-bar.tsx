import { TASK_COMMENT_MAX, type TaskDetail } from '@atrium/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/http';
import { type Decision, useDecideTask } from '../api';

/** What a refused decision means for the person who tried it. */
export function decisionError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return 'This step has already been decided or the request is closed. The task now shows where it stands.';
  }
  if (error instanceof ApiError && error.status === 403) {
    return 'Only the person this step is assigned to can approve or reject it.';
  }
  if (error instanceof ApiError && error.status === 404)
    return 'This task no longer exists or is not yours to see.';
  return error instanceof ApiError && error.status !== 0 && error.message
    ? error.message
    : 'The decision was not saved. Try again.';
}

/**
 * Approve and Reject for the viewer's step of the request (spec §4), shown only while that step awaits
 * them. Rejecting asks for an optional comment first. A refusal says why and refreshes the task, since
 * a 409 means someone else has moved it on.
 */
export function DecisionBar({ task }: { task: TaskDetail }) {
  const stepId = task.actionable_step;
  const decide = useDecideTask();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const refusal = decide.isError && (
    <Alert color="red" variant="light" role="alert" p="xs">
      {decisionError(decide.error)}
    </Alert>
  );
  // After a 409 the refreshed task has nothing left to decide: the refusal still says what happened.
  if (stepId === null || task.completed || task.canceled) return refusal || null;

  const submit = (decision: Decision) =>
    decide.mutate(
      { stepId, decision, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          setRejecting(false);
          setComment('');
          notifications.show({
            color: decision === 'approve' ? 'green' : 'gray',
            message: decision === 'approve' ? 'Approved' : 'Rejected',
            autoClose: 3000,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 403)) {
            void queryClient.invalidateQueries({ queryKey: ['tasks'] });
          }
        },
      },
    );

  return (
    <Paper
      withBorder
      p="sm"
      bg="var(--mantine-primary-color-light)"
      aria-label="Your decision"
      component="section"
    >
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          This request awaits your decision.
        </Text>
        {rejecting && (
          <Textarea
            label="Comment"
            description="Optional: tell the requester why."
            placeholder="Why is it rejected?"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={TASK_COMMENT_MAX}
            autosize={false}
            rows={3}
            data-autofocus
            autoFocus
          />
        )}
        {refusal}
        <Group gap="xs">
          {rejecting ? (
            <>
              <Button
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                loading={decide.isPending}
                onClick={() => submit('reject')}
              >
                Confirm rejection
              </Button>
              <Button variant="default" disabled={decide.isPending} onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button
                color="green"
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={decide.isPending}
                onClick={() => submit('approve')}
              >
                Approve
              </Button>
              <Button
                color="red"
                variant="outline"
                leftSection={<IconX size={16} aria-hidden />}
                disabled={decide.isPending}
                onClick={() => {
                  decide.reset();
                  setRejecting(true);
                }}
              >
                Reject
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
