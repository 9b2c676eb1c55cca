import { isEmpty, type ServerField } from './server-field';

/** 'yyyy-mm-dd' (with an optional time after it) as the UI shows dates: 'dd.mm.yyyy'. */
function formatDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/** 'yyyy-mm-dd HH:mm:ss' as 'dd.mm.yyyy HH:mm'. */
const formatDateTime = (value: string) => `${formatDate(value)} ${value.slice(11, 16)}`;

const choiceName = (field: ServerField, id: unknown) =>
  field.values?.find((choice) => String(choice.id) === String(id))?.name;

/**
 * A value as text for reading, '' when there is nothing to show: choices by their names, dates as
 * dd.mm.yyyy, ranges as 'from – to', toggles as Yes/No.
 */
export function displayValue(field: ServerField, value: unknown): string {
  if (isEmpty(value)) return '';
  switch (field.type) {
    case 'select':
    case 'radios':
    case 'autocomplete':
      return choiceName(field, value) ?? '';
    case 'checkboxes':
    case 'multiselect':
      return (value as unknown[]).map((id) => choiceName(field, id) ?? '').join(', ');
    case 'toggle':
      return value ? 'Yes' : 'No';
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'date_range':
    case 'sick_leave_range':
    case 'vacation_range':
      return (value as string[]).map((end) => (end ? formatDate(end) : '')).join(' – ');
    case 'range':
      return (value as number[]).join(' – ');
    case 'file':
      return (value as File[]).map((file) => file.name).join(', ');
    default:
      return String(value);
  }
}
