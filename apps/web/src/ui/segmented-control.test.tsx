import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl } from './segmented-control';
import { renderUi } from './test-utils';

const VIEWS = [
  { value: 'day', label: 'Day', disabled: true },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
] as const;

function Views({ onChange }: { onChange?: (value: string) => void }) {
  const [view, setView] = useState<string>('month');
  return (
    <SegmentedControl
      aria-label="View"
      data={VIEWS}
      value={view}
      onChange={(value) => {
        setView(value);
        onChange?.(value);
      }}
    />
  );
}

describe('SegmentedControl', () => {
  it('is a named group of radio buttons with the value chosen', () => {
    renderUi(<SegmentedControl aria-label="Mode" data={['Table', 'Grade']} value="Grade" />);

    expect(screen.getByRole('radiogroup', { name: 'Mode' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Grade' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Table' })).not.toBeChecked();
  });

  it('chooses another item on a click and with the arrow keys, skipping one disabled', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Views onChange={onChange} />);

    await user.click(screen.getByText('Year'));
    expect(screen.getByRole('radio', { name: 'Year' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('year');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('month');

    expect(screen.getByRole('radio', { name: 'Day' })).toBeDisabled();
    await user.click(screen.getByText('Day'));
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('marks the chosen item for its styles, and a disabled one as such', () => {
    renderUi(<Views />);

    expect(screen.getByText('Month')).toHaveAttribute('data-active');
    expect(screen.getByText('Year')).not.toHaveAttribute('data-active');
    expect(screen.getByText('Day')).toHaveAttribute('data-disabled');
  });
});
