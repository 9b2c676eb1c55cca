export { useConfirmedCancel } from './confirmed-cancel';
export { fieldsSchema } from './field-rules';
export { displayValue } from './field-value';
export { applyMask, fitsMask } from './input-mask';
export { PersonLabel, personOption, UserIdPicker } from './search-select';
export {
  type Choice,
  FIELD_TYPES,
  type FieldType,
  type FormValues,
  hasValue,
  initialValues,
  isEmpty,
  isFieldShown,
  type ServerField,
} from './server-field';
export { parseTypedDate, ServerFields } from './server-fields';
export { ServerForm, useServerForm } from './server-form';
export { taskFormField, taskFormFields } from './task-fields';
