#!/usr/bin/env python3
"""A second acceptance stage learned from the acoustic evidence (issue 24, measured, not kept).

Fits a logistic regression (class-balanced, L2) on the evidence of accepted clips, right
against wrong or falsely accepted, from an `incant-bench levers --dump FILE` run, and reports
what it would keep and stop on each source it was not fitted on (leave one source out:
coffee, synthetic, wake words, wake words band-limited with reverb). BENCHMARKS.md has the
figures and the command that made the dump.

Usage: scripts/research/evidence-calibrator.py DUMP.tsv   (needs numpy)
"""
import csv, math, collections, sys
import numpy as np
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
F=['margin','worst','coverage','support','voicing','agree','outsideMargin','loopWordScore']
data=[]
for r in rows:
    if r['accepted']!='1': continue
    kind = 1 if r['matchCorrect']=='1' else 0
    x=[float(r[f]) for f in F]+[math.log(int(r['wordFrames']))]
    data.append((r['condition'],kind,np.array(x),r['transcript']))
def fit(train):
    X=np.array([d[2] for d in train]); y=np.array([d[1] for d in train],float)
    mu=X.mean(0); sd=X.std(0)+1e-9; Xn=(X-mu)/sd
    w=np.zeros(X.shape[1]); b=0.0
    # class weights balanced
    cw=np.where(y==1,0.5/y.mean(),0.5/(1-y.mean()))
    for it in range(3000):
        p=1/(1+np.exp(-(Xn@w+b))); g=(p-y)*cw
        w-=0.1*(Xn.T@g/len(y)+0.01*w); b-=0.1*g.mean()
    return lambda x: 1/(1+np.exp(-(((x-mu)/sd)@w+b))), w
def report(model,name,thr):
    by=collections.defaultdict(lambda:[0,0,0,0])
    for c,k,x,t in data:
        s=model(x); e=by[c]
        if k==1: e[0]+=1; e[1]+= s>=thr
        else: e[2]+=1; e[3]+= s<thr
    print(name, ' '.join('%s: keep %d/%d stop %d/%d'%(c,e[1],e[0],e[3],e[2]) for c,e in sorted(by.items())))
print('--- LOSO')
groups={'coffee':['clean','negatives'],'synthetic':['home','noncommands'],'wake':['wake','wakeNegatives'],'reverb':['wakeReverb','wakeReverbNegatives']}
for held,conds in groups.items():
    tr=[d for d in data if d[0] not in conds]
    m,w=fit(tr)
    for thr in [0.2,0.35,0.5]:
        by=[0,0,0,0]
        for c,k,x,t in data:
            if c not in conds: continue
            s=m(x)
            if k==1: by[0]+=1; by[1]+= s>=thr
            else: by[2]+=1; by[3]+= s<thr
        print(held,'threshold',thr,'right kept %d of %d, wrong or false accepts stopped %d of %d'%(by[1],by[0],by[3],by[2]))
