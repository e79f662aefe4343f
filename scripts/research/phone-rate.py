#!/usr/bin/env python3
"""Speaking rate of accepted phrases (issue 24, measured, not kept): frames per phone of the
words (word frames over the phones of the shortest cmudict / models/dictionary.dict
pronunciation of the transcript), per condition and outcome, from an `incant-bench levers
--dump FILE` run. A phrase forced onto shorter speech would need fewer frames per phone.

Usage: scripts/research/phone-rate.py DUMP.tsv
"""
import csv,re,collections,statistics as st,sys
pron={}
for p in ['/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',__import__('os').path.join(__import__('os').path.dirname(__file__), '../../models/dictionary.dict')]:
    for l in open(p):
        t=l.split()
        if not t or t[0].startswith('#'): continue
        w=re.sub(r'\(\d+\)$','',t[0]).lower()
        pron.setdefault(w,[]).append(len(t)-1)
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
def phones(tr):
    n=0
    for w in tr.split():
        if w not in pron: return None
        n+=min(pron[w])
    return n
groups=collections.defaultdict(list)
for r in rows:
    if r['accepted']!='1': continue
    n=phones(r['transcript']); wf=int(r['wordFrames'])
    if not n or not wf: continue
    kind='right' if r['matchCorrect']=='1' else ('falseaccept' if r['positive']=='0' else 'wrong')
    groups[(r['condition'],kind)].append((wf/n, r['transcript'], r['clip']))
for k in sorted(groups):
    v=sorted(x[0] for x in groups[k])
    print(k, len(v), 'frames/phone min %.2f p1 %.2f p5 %.2f med %.2f max %.2f'%(v[0],v[len(v)//100],v[len(v)//20],st.median(v),v[-1]))
