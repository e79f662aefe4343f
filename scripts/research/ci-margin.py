#!/usr/bin/env python3
"""Phone-loop margin with context-independent phones on both sides (issue 24, measured, not kept).

Question: does a right transcript on an unfamiliar channel score far below the free phone loop
because the phrase search uses context-dependent triphones while the loop uses
context-independent phones? This decodes the shared wake-word recordings with plain
pocketsphinx (pocketsphinx_batch), against home sentences plus short commands with and without
the wake phrases, and compares two margins of the words against the loop over their frames:
  cd: the phrase search's words (triphones) against the CI loop, as Incant measures it;
  ci: the same words forced onto the frames with a CI-only copy of en-us (mdef and sendump cut
      to the 42 base phones' 126 senones, every senone scored) against the same CI loop.
Prints, for each, how many right wake words are kept at the threshold that accepts 1-20% of
the recordings decoded against the phrases without them. BENCHMARKS.md has the figures.

Usage: scripts/research/ci-margin.py WORKDIR [STRIDE] [reverb]
"""
import os, re, struct, subprocess, sys, glob, statistics as st

def ci_model(folder):
    """A copy of en-us whose model definition and mixture weights hold only the base phones."""
    source = '/usr/share/pocketsphinx/model/en-us/en-us'
    if os.path.exists(folder + '/sendump'):
        return folder
    os.makedirs(folder)
    for name in os.listdir(source):
        if name not in ('mdef', 'sendump'):
            subprocess.run(['cp', f'{source}/{name}', folder], check=True)
    subprocess.run(['pocketsphinx_mdef_convert', '-text', source + '/mdef', folder + '/mdef.txt'],
                   check=True, stderr=subprocess.DEVNULL)
    lines, phones = [], 0
    for line in open(folder + '/mdef.txt').read().splitlines():
        field = line.split()[-1] if line.split() else ''
        if line.startswith('#') or line == '0.3':
            lines.append(line)
        elif field in ('n_base', 'n_tied_ci_state', 'n_tied_tmat'):
            lines.append(line)
        elif field == 'n_tri':
            lines.append('0 n_tri')
        elif field == 'n_state_map':
            lines.append('168 n_state_map')
        elif field == 'n_tied_state':
            lines.append('126 n_tied_state')
        elif phones < 42:
            lines.append(line)
            phones += 1
    open(folder + '/mdef', 'w').write('\n'.join(lines) + '\n')
    os.remove(folder + '/mdef.txt')
    dump = open(source + '/sendump', 'rb').read()
    offset = 4
    while True:  # header strings, each preceded by its length; 0 ends them
        (length,) = struct.unpack('<i', dump[offset - 4:offset])
        if length == 0:
            break
        offset += length + 4
    codewords, senones = struct.unpack('<2i', dump[offset:offset + 8])
    data = dump[offset + 8:]
    out = bytearray(dump[:offset]) + struct.pack('<2i', codewords, 126)
    for row in range(3 * codewords):  # three feature streams, each codeword's weights by senone
        out += data[row * senones:row * senones + 126]
    open(folder + '/sendump', 'wb').write(out)
    return folder
E=os.path.abspath(sys.argv[1]); os.makedirs(E,exist_ok=True); CD='/usr/share/pocketsphinx/model/en-us/en-us'; CI=ci_model(E+'/ci-model')
DICT='/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict'
PLM='/usr/share/pocketsphinx/model/en-us/en-us-phone.lm.bin'
stride=int(sys.argv[2]) if len(sys.argv)>2 else 4
reverb = len(sys.argv)>3 and sys.argv[3]=='reverb'
tag = 'rv' if reverb else 'cl'
os.makedirs(f'{E}/raw{tag}',exist_ok=True)
clips=[]
for folder,word in [('alexa','alexa'),('smart-mirror','smart mirror')]:
    fs=sorted(glob.glob(f'/work/shared/speech/wakeword/{folder}/*'))
    for i,f in enumerate(fs):
        if i%stride: continue
        name=f'{folder}-{i}'
        out=f'{E}/raw{tag}/{name}.raw'
        if not os.path.exists(out):
            cmd=['sox',f,'-r','16000','-c','1','-b','16','-e','signed','-t','raw',out]
            if reverb: cmd += ['sinc','200-5000','reverb','50','50','100']
            subprocess.run(cmd,check=True,stderr=subprocess.DEVNULL)
        clips.append((name,word))
sent=[l.split('\t')[2].strip() for l in open('/work/main/Benchmarks/data/home-sentences.tsv') if not l.startswith('#') and l.strip()]
short=['next','never mind','timer status','stop','what time is it']
words=set(w for s in sent+short+['alexa','smart mirror'] for w in s.split())
d={}
for l in open(DICT):
    w=l.split()[0]; b=re.sub(r'\(\d+\)$','',w)
    if b in words: d.setdefault(b,[]).append(l)
with open(f'{E}/g.dict','w') as fo:
    for b in sorted(d): fo.writelines(d[b])
missing=words-set(d); print('missing',missing,file=sys.stderr)
def gram(name,items):
    items=[s for s in items if all(w in d for w in s.split())]
    open(f'{E}/{name}.gram','w').write('#JSGF V1.0;\ngrammar g;\npublic <s> = '+' | '.join(sorted(set(items)))+';\n')
gram('pos',sent+short+['alexa','smart mirror']); gram('neg',sent+short)
open(f'{E}/ctl{tag}','w').write(''.join(c[0]+'\n' for c in clips))
common=['-adcin','yes','-cepdir',f'{E}/raw{tag}','-cepext','.raw','-ctl',f'{E}/ctl{tag}','-dict',f'{E}/g.dict']
def batch(args,seg):
    if os.path.exists(seg): return
    subprocess.run(['pocketsphinx_batch']+common+args+['-hypseg',seg],check=True,stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
def readseg(p):
    r={}
    for l in open(p):
        t=l.split(); u=t[0]; rest=t[9:]
        end=int(rest[-1]); rest=rest[:-1]
        segs=[(int(rest[k]),int(rest[k+1]),rest[k+3]) for k in range(0,len(rest),4)]
        out=[]
        for k,(sf,a,w) in enumerate(segs):
            ef = segs[k+1][0]-1 if k+1<len(segs) else end-1
            out.append((sf,ef,w,a))
        r[u]=out
    return r
for g in ['pos','neg']:
    batch(['-hmm',CD,'-jsgf',f'{E}/{g}.gram','-beam','1e-70','-pbeam','1e-70','-wbeam','1e-50'],f'{E}/{tag}-{g}-cd.seg')
for m,nm in [(CD,'cd'),(CI,'ci')]:
    batch(['-hmm',m,'-allphone',PLM,'-allphone_ci','yes']+(['-compallsen','yes'] if nm=='ci' else []),f'{E}/{tag}-loop-{nm}.seg')
for g in ['pos','neg']:
    hyp=readseg(f'{E}/{tag}-{g}-cd.seg')
    os.makedirs(f'{E}/fsg{tag}{g}',exist_ok=True)
    lines=[]
    for u,_ in clips:
        ws=[s[2] for s in hyp.get(u,[]) if not s[2].startswith('<') and not s[2].startswith('[') and s[2] not in ('<sil>',)]
        ws=[re.sub(r'\(\d+\)$','',w) for w in ws] or ['stop']
        n=len(ws)
        fsg=[f'FSG_BEGIN a','NUM_STATES %d'%(n+1),'START_STATE 0','FINAL_STATE %d'%n]
        for k,w in enumerate(ws): fsg.append(f'TRANSITION {k} {k+1} 1.0 {w}')
        fsg.append('FSG_END')
        p=f'{E}/fsg{tag}{g}/{u}.fsg'; open(p,'w').write('\n'.join(fsg)+'\n'); lines.append(p+'\n')
    open(f'{E}/fsgctl{tag}{g}','w').writelines(lines)
    batch(['-hmm',CI,'-fsgctl',f'{E}/fsgctl{tag}{g}','-compallsen','yes','-beam','1e-70','-pbeam','1e-70','-wbeam','1e-50'],f'{E}/{tag}-{g}-ci.seg')

def loopscore(loop,s,e):
    t=0.0
    for sf,ef,w,a in loop:
        if ef>=s and sf<=e:
            ov=min(e,ef)-max(s,sf)+1; t+=a*ov/max(1,ef-sf+1)
    return t
def margin(words,loop):
    tot=0;fr=0
    for sf,ef,w,a in words:
        if w.startswith('<') or w.startswith('['): continue
        tot+=a-loopscore(loop,sf,ef); fr+=ef-sf+1
    return tot/max(1,fr), fr
res={}
for g in ['pos','neg']:
    cd=readseg(f'{E}/{tag}-{g}-cd.seg'); ci=readseg(f'{E}/{tag}-{g}-ci.seg')
    lcd=readseg(f'{E}/{tag}-loop-cd.seg'); lci=readseg(f'{E}/{tag}-loop-ci.seg')
    for u in cd:
        tr=' '.join(re.sub(r'\(\d+\)$','',w) for _,_,w,_ in cd[u] if not w.startswith('<') and not w.startswith('['))
        exp='alexa' if u.startswith('alexa') else 'smart mirror'
        mcd,fr=margin(cd[u],lcd.get(u,[])); mci,fr2=margin(ci.get(u,[]),lci.get(u,[]))
        res[(g,u)]=(tr,exp,mcd,mci,fr,fr2)
pos=[v for (g,u),v in res.items() if g=='pos' and v[0]==v[1]]
posall=[v for (g,u),v in res.items() if g=='pos']
neg=[v for (g,u),v in res.items() if g=='neg' and v[4]>0]  # decoded to some phrase
print(tag,'pos right',len(pos),'of',len(posall),'neg',len(neg))
for k,name in [(2,'cd'),(3,'ci')]:
    # a forced alignment that failed has no frames: leave it out of both
    ns=sorted(v[k] for v in neg if v[5]>0 or k==2); ps=sorted(v[k] for v in pos if v[5]>0 or k==2)
    print(name,'pos median %.1f p10 %.1f p5 %.1f'%(st.median(ps),ps[len(ps)//10],ps[len(ps)//20]),' neg median %.1f p90 %.1f p95 %.1f max %.1f'%(st.median(ns),ns[len(ns)*9//10],ns[len(ns)*95//100],ns[-1]))
    for fa in [0.01,0.02,0.05,0.10]:
        th=ns[min(len(ns)-1,int(len(ns)*(1-fa)))]
        print('   neg accept %.0f%% thr %.1f: pos kept %.1f%%'%(fa*100,th,100*sum(p>th for p in ps)/len(ps)))
