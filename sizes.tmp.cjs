const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');
const file=process.argv[2];const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=new SourceMapConsumer(map);const lines=code.split('\n');const by={};
let last=null;
for(let li=0;li<lines.length;li++){const line=lines[li];let prevCol=0,prevSrc=null;
 const maps=[];c.eachMapping(m=>{},null);}
// simpler: iterate mappings in generated order
const out={};let prev=null;
c.eachMapping(m=>{ if(prev && prev.generatedLine===m.generatedLine){const len=m.generatedColumn-prev.generatedColumn;const k=prev.source||'?';out[k]=(out[k]||0)+len;} else if(prev){const len=lines[prev.generatedLine-1].length-prev.generatedColumn;const k=prev.source||'?';out[k]=(out[k]||0)+len;} prev=m;},null,SourceMapConsumer.GENERATED_ORDER);
const pk={};for(const [k,v] of Object.entries(out)){let p=k.replace(/.*node_modules\//,'nm/');const m=p.match(/^nm\/(@[^/]+\/[^/]+|[^/]+)/);const key=m?m[1]:p.replace(/^(\.\.\/)+work\/main\//,"");pk[key]=(pk[key]||0)+v;}
Object.entries(pk).sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log(v,k));
