import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BoardCard } from '../board';
import classes from './workflow-board.module.css';

type CardFaceProps = { card: BoardCard; handle: ReactNode; lifted?: boolean };

/** What a placeholder card looks like: its handle, its title and two lines standing in for its text. */
function CardFace({ card, handle, lifted = false }: CardFaceProps) {
  return (
    <Paper withBorder p="xs" className={lifted ? classes.lifted : undefined}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {handle}
        <Stack gap={6} flex={1} py={4} miw={0}>
          <Text size="sm" fw={500} lh={1.2}>
            {card.title}
          </Text>
          <Box className={classes.line} />
          <Box className={`${classes.line} ${classes.short}`} />
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * A card of the board, moved by its handle: dragged by mouse or touch, or picked up with Space or Enter
 * and moved with the arrow keys (dnd-kit's sortable; the board tells the screen reader where it goes).
 */
export function SortableCard({ card }: { card: BoardCard }) {
  // With reduced motion the other cards jump aside instead of sliding.
  const reduceMotion = useReducedMotion();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: card.id, transition: reduceMotion ? null : undefined });

  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-board-card={card.id}
      data-dragging={isDragging || undefined}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
    >
      <CardFace
        card={card}
        handle={
          <ActionIcon
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.handle}
            aria-label={`Move ${card.title}`}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </li>
  );
}

/**
 * The copy of the moving card that follows the pointer or the keys. Hidden from screen readers, which
 * hear where the card goes from the board's announcements instead.
 */
export function LiftedCard({ card }: { card: BoardCard }) {
  return (
    <div aria-hidden data-lifted-card={card.id}>
      <CardFace
        card={card}
        lifted
        handle={
          <Box c="gray.6" p={2} lh={0}>
            <IconGripVertical size={16} />
          </Box>
        }
      />
    </div>
  );
}
