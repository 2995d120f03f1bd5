// Precision and recall of the rule moderator over the Spanish corpus (test/fixtures/moderation-corpus.json).
// Run: npx tsx scripts/bench/moderation-corpus.ts
import { loadCorpus, score } from '../../functions/services/moderation/corpus';
import { moderateByRules } from '../../functions/services/moderation/rules';

const corpus = loadCorpus();
const started = performance.now();
const result = score(corpus, moderateByRules);
const ms = performance.now() - started;
const flag = corpus.filter((c) => c.expect === 'flag').length;
console.log(`corpus: ${corpus.length} listings (${flag} to flag, ${corpus.length - flag} look-alikes to pass)`);
console.log(`precision ${(result.precision * 100).toFixed(1)}%  recall ${(result.recall * 100).toFixed(1)}%  (tp ${result.tp}, fp ${result.fp}, fn ${result.fn})`);
console.log(`time: ${(ms / corpus.length).toFixed(3)} ms per listing`);
for (const miss of result.misses) console.log(`  miss (${miss.expect}): ${miss.title}`);
