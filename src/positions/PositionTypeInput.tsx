/** A select of the position types with their Japanese names (master data cci_position_type). */
import { SelectInput, type SelectInputProps } from 'react-admin';
import { usePositionTypes } from './usePositionTypes';

export const PositionTypeInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const { choices, isPending } = usePositionTypes();
  return <SelectInput source="position_type" {...props} choices={choices} isPending={isPending} />;
};
