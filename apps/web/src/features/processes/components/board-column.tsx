import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Group, Text, Title } from '@mantine/core';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { type BoardStep, CARDS } from '../board';
import { SortableCard } from './board-card';
import classes from './workflow-board.module.css';

/** "Step 3: Choose reviewees": how the board names a step to the eye and the ear. */
export const stepLabel = (step: BoardStep) => `Step ${step.number}: ${step.name}`;

type BoardColumnProps = { step: BoardStep; cardIds: readonly string[] };

/** One step of the board: its number and name, then its cards, which take drops even when it has none. */
export function BoardColumn({ step, cardIds }: BoardColumnProps) {
  const { setNodeRef } = useDroppable({ id: step.id });

  return (
    <section className={classes.column} aria-label={stepLabel(step)} data-board-step={step.id}>
      <div className={classes.header}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts="0.04em">
          Step {step.number}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h6" lineClamp={1} title={step.name}>
            {step.name}
          </Title>
          <Badge variant="default" size="sm" radius="sm" style={{ flex: 'none' }}>
            {cardIds.length}
            <VisuallyHidden> {cardIds.length === 1 ? 'card' : 'cards'}</VisuallyHidden>
          </Badge>
        </Group>
      </div>
      <SortableContext id={step.id} items={[...cardIds]} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className={classes.cards} aria-label={`Cards of step ${step.number}`}>
          {cardIds.map((id) => {
            const card = CARDS.get(id);
            return card && <SortableCard key={id} card={card} />;
          })}
        </ul>
      </SortableContext>
    </section>
  );
}
