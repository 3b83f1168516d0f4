-- The Lagos calendar day of an instant: Lagos keeps UTC+1 all year (no daylight saving).
CREATE OR REPLACE FUNCTION owo_lagos_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;
