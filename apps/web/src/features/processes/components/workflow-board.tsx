import {
  type Active,
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  type Over,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import {
  type BoardOrder,
  type BoardPlace,
  CARDS,
  isStepId,
  moveCard,
  placeOf,
  STEPS,
  stepOf,
} from '../board';
import { LiftedCard } from './board-card';
import { BoardColumn, stepLabel } from './board-column';
import classes from './workflow-board.module.css';

const INSTRUCTIONS =
  'To move a card, press Space or Enter on its handle. Use the up and down arrow keys to move it within ' +
  'its step and the left and right arrow keys to move it to another step. Press Space or Enter again to ' +
  'drop it, or Escape to put it back.';

/** Where a drop over `overId` (a card or an empty stretch of a step) puts a card: that step, at that index. */
function targetOf(order: BoardOrder, overId: UniqueIdentifier) {
  const id = String(overId);
  if (isStepId(id)) return { step: id, index: order[id]?.length ?? 0 };
  const step = stepOf(order, id);
  return step === undefined ? undefined : { step, index: order[step]?.indexOf(id) ?? 0 };
}

/** Whether the moving card has passed the middle of the card it is over: it then goes after that card. */
function isPast(active: Active, over: Over) {
  const moving = active.rect.current.translated;
  return moving !== null && moving.top > over.rect.top + over.rect.height / 2;
}

const titleOf = (id: UniqueIdentifier) => CARDS.get(String(id))?.title ?? 'The card';
const placeText = (place: BoardPlace | undefined) =>
  place ? `${stepLabel(place.step)}, position ${place.index + 1} of ${place.count}` : 'no step';

type WorkflowBoardProps = { order: BoardOrder; onChange: (order: BoardOrder) => void };

/**
 * The 360 Review board (spec work side §2, §4): the 23 steps side by side, their cards moved within a
 * step or to another by mouse, touch or keyboard. A card moved to another step joins it at once, so the
 * step makes room; Escape puts it back where it was picked up.
 */
export function WorkflowBoard({ order, onChange }: WorkflowBoardProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  // dnd-kit may call several handlers before React renders the order the first set: each reads this.
  const latest = useRef(order);
  const pickedUpFrom = useRef<BoardOrder | null>(null);
  // Where the moving card would land, kept by the handlers for the announcements made right after them.
  const place = useRef<BoardPlace | undefined>(undefined);

  useEffect(() => {
    latest.current = order;
  }, [order]);

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const commit = (next: BoardOrder) => {
    latest.current = next;
    onChange(next);
  };

  const handleDragStart = ({ active }: DragStartEvent) => {
    pickedUpFrom.current = latest.current;
    place.current = placeOf(latest.current, String(active.id));
    setActiveId(String(active.id));
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    const id = String(active.id);
    const target = over ? targetOf(latest.current, over.id) : undefined;
    const from = stepOf(latest.current, id);
    if (!over || !target || from === undefined) return;
    if (target.step !== from) {
      const index = isStepId(String(over.id)) ? target.index : target.index + (isPast(active, over) ? 1 : 0);
      commit(moveCard(latest.current, id, target.step, index));
      place.current = placeOf(latest.current, id);
      return;
    }
    // Within its step the card is only shown in its new place until it is dropped.
    const current = placeOf(latest.current, id);
    place.current = current && { ...current, index: Math.min(target.index, current.count - 1) };
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const id = String(active.id);
    const target = over ? targetOf(latest.current, over.id) : undefined;
    if (target && target.step === stepOf(latest.current, id)) {
      commit(moveCard(latest.current, id, target.step, target.index));
    }
    place.current = placeOf(latest.current, id);
    pickedUpFrom.current = null;
    setActiveId(null);
  };

  const handleDragCancel = ({ active }: { active: Active }) => {
    if (pickedUpFrom.current) commit(pickedUpFrom.current);
    place.current = placeOf(latest.current, String(active.id));
    pickedUpFrom.current = null;
    setActiveId(null);
  };

  // The place last told, so that a move which leaves the card where it was is not told again.
  const told = useRef('');
  const tell = (text: (where: string) => string) => {
    told.current = placeText(place.current);
    return text(told.current);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => tell((where) => `Picked up ${titleOf(active.id)} in ${where}.`),
    onDragOver: ({ active, over }) => {
      if (!over) {
        told.current = '';
        return `${titleOf(active.id)} is not over a step.`;
      }
      if (placeText(place.current) === told.current) return undefined;
      return tell((where) => `${titleOf(active.id)} is now in ${where}.`);
    },
    onDragEnd: ({ active }) => tell((where) => `${titleOf(active.id)} was dropped in ${where}.`),
    onDragCancel: ({ active }) =>
      tell((where) => `Moving was cancelled. ${titleOf(active.id)} is back in ${where}.`),
  };

  const activeCard = activeId === null ? undefined : CARDS.get(activeId);
  const reduceMotion = useReducedMotion();

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      // Steps change size while a card passes through them: measure them anew on every move.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={handleDragCancel}
    >
      <section className={classes.board} aria-label="360 Review board">
        {STEPS.map((step) => (
          <BoardColumn key={step.id} step={step} cardIds={order[step.id] ?? []} />
        ))}
      </section>
      {/* With reduced motion a dropped card appears in its place instead of flying there. */}
      <DragOverlay dropAnimation={reduceMotion ? null : undefined}>
        {activeCard && <LiftedCard card={activeCard} />}
      </DragOverlay>
    </DndContext>
  );
}
