/** The Japanese name of a position's type (master data cci_position_type). */
import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';
import { usePositionTypes } from './usePositionTypes';

export const PositionTypeField = (props: FieldProps) => {
  const { nameOf } = usePositionTypes();
  const value = useFieldValue({ ...props, source: props.source ?? 'position_type' });
  return (
    <Typography component="span" variant="body2">
      {nameOf(typeof value === 'string' ? value : undefined)}
    </Typography>
  );
};
