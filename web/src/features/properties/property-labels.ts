import type { PropertyStatus, PropertyType } from '@lintel/contracts';

export const TYPE_LABELS: Record<PropertyType, string> = {
  apartment: 'Apartment',
  house: 'House',
  townhouse: 'Townhouse',
  cottage: 'Cottage',
  commercial: 'Commercial',
  office: 'Office',
  retail: 'Retail',
  industrial: 'Industrial',
  land: 'Land',
  other: 'Other',
};

export const STATUS_LABELS: Record<PropertyStatus, string> = {
  available: 'Available',
  occupied: 'Occupied',
  under_maintenance: 'Under maintenance',
  inactive: 'Inactive',
};

export const STATUS_COLORS: Record<PropertyStatus, 'success' | 'primary' | 'warning' | 'default'> = {
  available: 'success',
  occupied: 'primary',
  under_maintenance: 'warning',
  inactive: 'default',
};
