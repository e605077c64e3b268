-- The catalogue listed the slot's RTP as 96.5 %; its reels and paytable pay 96.09 %
-- (computed exactly in packages/games). Databases seeded before the fix are corrected.
update games set rtp = 96.09 where identity = 'fruit-fiesta' and rtp = 96.5;
