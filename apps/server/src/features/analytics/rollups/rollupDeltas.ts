import { type SQL, sql } from 'drizzle-orm';

/** The answer ids a kept answer chose (it is one id or an array of them) as a jsonb array; none for others. */
function answerIdsOf(answer: SQL): SQL {
  return sql`case jsonb_typeof(${answer}) when 'number' then jsonb_build_array(${answer})
    when 'array' then ${answer} else '[]'::jsonb end`;
}

/*
 * The common table expressions after `batch` (the events, `n` giving their order) that store the batch's
 * effect on each visit and end with `deltas` (quiz_id, day, version, metric, item, delta): what to add to
 * analytics_counters. They read each visit's state as it was before the batch (one statement sees one
 * snapshot) and hold its lock, taken by the statement before.
 *
 * A visit's row keeps the screens it was shown ('q:{id}', 'capture') and two markers in `screens`: 'visit'
 * once its first 'visit' event is counted, 'lead' once its first 'lead' is; and its answers by question id:
 * an answer id, an array of the answer ids chosen, { value } or { text } (analytics_visits.answers).
 * Figures that come from a visit's final state ('left', the UTM breakdowns) are moved: minus the old state,
 * plus the new one. A visit keeps the URL fields of its first counted 'visit' event ({} without any), and
 * 'url_field' counts each name once, when that event is counted.
 */
export function rollupDeltas(durationBucket: (seconds: SQL) => SQL): SQL {
  return sql`
    visits as (
      select v.quiz_id, v.visit_id, v.day, v.version, v.started_at, v.completed_at, v.outcome_id, v.score,
        v.last_item, v.utm_source, v.utm_campaign, v.url_fields, v.screens, v.answers
      from analytics_visits v
      where (v.quiz_id, v.visit_id) in (select quiz_id, visit_id from batch)),
    steps as (
      select b.n, b.quiz_id, b.visit_id, v.day, v.version, b.type, b.question_id, b.answer_id, b.outcome_id,
        b.score, b.utm_source, b.utm_campaign, b.url_fields, b.at,
        -- The answer as the visit keeps it; anything else an answer event might carry is no answer.
        case when b.type = 'answer' and b.question_id is not null then
          case when b.answer_id is not null then to_jsonb(b.answer_id)
            when jsonb_typeof(b.response -> 'answerIds') = 'array' then b.response -> 'answerIds'
            when jsonb_typeof(b.response -> 'value') = 'number'
              then jsonb_build_object('value', b.response -> 'value')
            when jsonb_typeof(b.response -> 'text') = 'string' then jsonb_build_object('text', b.response -> 'text')
          end
        end as answer,
        case when b.type = 'shown' and b.question_id is not null then 'q:' || b.question_id
          when b.type = 'capture' then 'capture' end as screen,
        min(b.n) filter (where b.type = 'complete') over (partition by b.quiz_id, b.visit_id) as complete_n
      from batch b join visits v on v.quiz_id = b.quiz_id and v.visit_id = b.visit_id),
    marks as (
      select distinct s.quiz_id, s.visit_id, coalesce(s.screen, s.type) as screen
      from steps s join visits v on v.quiz_id = s.quiz_id and v.visit_id = s.visit_id
      where (s.screen is not null or s.type in ('visit', 'lead'))
        and not (coalesce(s.screen, s.type) = any (v.screens))),
    batch_visits as (
      select quiz_id, visit_id,
        min(n) filter (where type = 'start') as start_n,
        (array_agg(at order by n) filter (where type = 'start'))[1] as start_at,
        min(complete_n) as complete_n,
        (array_agg(at order by n) filter (where type = 'complete'))[1] as complete_at,
        (array_agg(outcome_id order by n) filter (where type = 'complete'))[1] as outcome_id,
        (array_agg(score order by n) filter (where type = 'complete'))[1] as score,
        -- The screen the visitor is on: the last one shown before completing.
        (array_agg(screen order by n desc)
          filter (where screen is not null and (complete_n is null or n < complete_n)))[1] as last_screen,
        (array_agg(utm_source order by n) filter (where type = 'visit'))[1] as utm_source,
        (array_agg(utm_campaign order by n) filter (where type = 'visit'))[1] as utm_campaign,
        (array_agg(url_fields order by n) filter (where type = 'visit'))[1] as url_fields,
        bool_or(type = 'visit') as has_visit, bool_or(type = 'lead') as has_lead,
        array_agg(distinct coalesce(screen, type))
          filter (where screen is not null or type in ('visit', 'lead')) as shown,
        -- The latest answer to each question wins: jsonb keeps the last value of a repeated key.
        jsonb_object_agg(question_id::text, answer order by n) filter (where answer is not null) as answered
      from steps group by quiz_id, visit_id),
    state as (
      select v.quiz_id, v.visit_id, v.day, v.version,
        v.completed_at is not null as was_completed, v.last_item as old_last_item,
        v.utm_source as old_utm_source, v.utm_campaign as old_utm_campaign,
        'lead' = any (v.screens) as had_lead,
        b.has_visit and not ('visit' = any (v.screens)) as visited_now,
        b.has_lead and not ('lead' = any (v.screens)) as lead_now,
        v.started_at is null and b.start_at is not null as starts_now,
        coalesce(v.started_at, b.start_at) as started_at,
        v.completed_at is null and b.complete_at is not null as completes_now,
        coalesce(v.completed_at, b.complete_at) as completed_at,
        -- A duration needs a start before the completion.
        case when v.started_at is not null then v.started_at when b.start_n < b.complete_n then b.start_at end
          as started_before_completion,
        case when v.completed_at is null then b.outcome_id else v.outcome_id end as outcome_id,
        case when v.completed_at is null then b.score else v.score end as score,
        case when v.completed_at is null then coalesce(b.last_screen, v.last_item) else v.last_item end
          as last_item,
        case when b.has_visit and not ('visit' = any (v.screens)) then b.utm_source else v.utm_source end
          as utm_source,
        case when b.has_visit and not ('visit' = any (v.screens)) then b.utm_campaign else v.utm_campaign end
          as utm_campaign,
        case when b.has_visit and not ('visit' = any (v.screens))
          and jsonb_typeof(b.url_fields) = 'object' then b.url_fields else v.url_fields end as url_fields,
        array(select screen from unnest(v.screens || coalesce(b.shown, '{}')) as screen group by screen
          order by screen) as screens,
        v.answers || coalesce(b.answered, '{}') as answers
      from visits v
      join batch_visits b on b.quiz_id = v.quiz_id and b.visit_id = v.visit_id),
    latest_answers as (
      select distinct on (quiz_id, visit_id, question_id) quiz_id, visit_id, day, version, question_id, answer
      from steps
      where answer is not null
      order by quiz_id, visit_id, question_id, n desc),
    answer_changes as (
      select l.quiz_id, l.visit_id, l.day, l.version, l.question_id, l.answer,
        v.answers -> l.question_id::text as previous
      from latest_answers l join visits v on v.quiz_id = l.quiz_id and v.visit_id = l.visit_id
      where (v.answers -> l.question_id::text) is distinct from l.answer),
    saved_visits as (
      update analytics_visits v
      set started_at = s.started_at, completed_at = s.completed_at, outcome_id = s.outcome_id,
        score = s.score, last_item = s.last_item, utm_source = s.utm_source, utm_campaign = s.utm_campaign,
        url_fields = s.url_fields, screens = s.screens, answers = s.answers
      from state s
      where v.quiz_id = s.quiz_id and v.visit_id = s.visit_id
        and (v.started_at, v.completed_at, v.outcome_id, v.score, v.last_item, v.utm_source, v.utm_campaign,
            v.url_fields, v.screens, v.answers)
          is distinct from
          (s.started_at, s.completed_at, s.outcome_id, s.score, s.last_item, s.utm_source, s.utm_campaign,
            s.url_fields, s.screens, s.answers)),
    deltas (quiz_id, day, version, metric, item, delta) as (
      select quiz_id, day, version, 'visitors', '', 1 from state where visited_now
      union all
      select quiz_id, day, version, 'url_field', field.name, 1
      from state cross join lateral jsonb_object_keys(url_fields) as field (name)
      where visited_now
      union all select quiz_id, day, version, 'starts', '', 1 from state where starts_now
      union all
      select v.quiz_id, v.day, v.version, 'reached', m.screen, 1
      from marks m join visits v on v.quiz_id = m.quiz_id and v.visit_id = m.visit_id
      where m.screen not in ('visit', 'lead')
      union all
      select quiz_id, day, version, 'left', old_last_item, -1 from state
      where not was_completed and old_last_item is not null
      union all
      select quiz_id, day, version, 'left', last_item, 1 from state
      where completed_at is null and last_item is not null
      union all
      select quiz_id, day, version, 'answered', 'q:' || question_id, 1 from answer_changes where previous is null
      union all
      -- The answers chosen before leave the counts and those chosen now join them (a multi-select answer
      -- kept in both moves nothing once summed); a value moves the same way.
      select c.quiz_id, c.day, c.version, change.metric, change.item, change.delta
      from answer_changes c
      cross join lateral (
        select 'answer', chosen.id, 1 from jsonb_array_elements_text(${answerIdsOf(sql`c.answer`)}) as chosen (id)
        union all
        select 'answer', chosen.id, -1
        from jsonb_array_elements_text(${answerIdsOf(sql`c.previous`)}) as chosen (id)
        union all
        select 'value', c.question_id || ':' || (c.answer ->> 'value'), 1
        where jsonb_typeof(c.answer -> 'value') = 'number'
        union all
        select 'value', c.question_id || ':' || (c.previous ->> 'value'), -1
        where jsonb_typeof(c.previous -> 'value') = 'number'
      ) as change (metric, item, delta)
      union all
      select quiz_id, day, version, change.metric, change.item, 1 from state
      cross join lateral (values
        ('completions', ''),
        ('outcome', coalesce(outcome_id::text, '')),
        ('score', score::text),
        ('duration', case when started_before_completion is not null then
          (${durationBucket(sql`extract(epoch from completed_at - started_before_completion)`)})::text end)
      ) as change (metric, item)
      where completes_now and change.item is not null
      union all
      select quiz_id, day, version, change.metric, change.item, 1 from state
      cross join (values ('leads', ''), ('answered', 'capture')) as change (metric, item)
      where lead_now
      union all
      select quiz_id, day, version, change.metric, change.item, change.delta from state
      cross join lateral (values
        ('source_completions', coalesce(old_utm_source, ''), case when was_completed then -1 else 0 end),
        ('source_completions', coalesce(utm_source, ''), case when completed_at is not null then 1 else 0 end),
        ('campaign_completions', coalesce(old_utm_campaign, ''), case when was_completed then -1 else 0 end),
        ('campaign_completions', coalesce(utm_campaign, ''), case when completed_at is not null then 1 else 0 end),
        ('source_leads', coalesce(old_utm_source, ''), case when had_lead then -1 else 0 end),
        ('source_leads', coalesce(utm_source, ''), case when had_lead or lead_now then 1 else 0 end),
        ('campaign_leads', coalesce(old_utm_campaign, ''), case when had_lead then -1 else 0 end),
        ('campaign_leads', coalesce(utm_campaign, ''), case when had_lead or lead_now then 1 else 0 end)
      ) as change (metric, item, delta)
      where change.delta <> 0)`;
}
