-- 日结 (issue 23): the payments trigger compares the row as a record instead of as two jsonb documents.
-- A cashier day-end sets day_end_id on thousands of lines in one statement, and building to_jsonb of
-- OLD and NEW for each was most of its time (bench:day-end). The rule is the same: only day_end_id may
-- change, from null to a value, once; anything else is refused.
CREATE OR REPLACE FUNCTION payments_append_only() RETURNS trigger AS $$
DECLARE
  probe payments;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '收费记录不可删除（payments %）', OLD.id USING ERRCODE = 'P0001';
  END IF;
  probe := NEW;
  probe.day_end_id := NULL;
  IF OLD.day_end_id IS NOT NULL OR NEW.day_end_id IS NULL OR probe IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION '收费记录不可修改（payments %），退费请另记一笔', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
