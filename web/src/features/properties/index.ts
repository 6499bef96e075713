export type { PickerOption } from './components/SearchAutocomplete.tsx';
export { propertyOption, SearchPicker } from './components/SearchPicker.tsx';
export { OPTION_PAGE_SIZE, usePropertyOptions } from './api.ts';
