export type { PickerOption } from './components/SearchAutocomplete.tsx';
export { propertyOption, SearchPicker } from './components/SearchPicker.tsx';
