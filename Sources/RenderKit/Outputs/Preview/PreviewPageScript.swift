import Frames
/// The preview page's style and script (see `PreviewPageModel` for what the page does and the fragment it reads).
enum PreviewPageScript {
    static let style = #"""
    html,body{margin:0;background:#1c1c1e;color:#f2f2f7;font:13px/1.4 system-ui,sans-serif}
    #stages{display:flex;gap:16px;align-items:flex-start}
    .stage{margin:0}.stage canvas{display:block}
    .stage figcaption{font-size:11px;color:#8e8e93;padding:2px 4px 0}
    #panel{padding:6px 12px 24px;max-width:1000px}
    #errors{background:#3a1d1d;border-left:3px solid #ff453a;padding:6px 10px;margin:4px 0 8px}
    #errors pre{margin:4px 0 0;white-space:pre-wrap;max-height:11em;overflow:auto;color:#ffb4ae;font:12px/1.4 ui-monospace,monospace}
    #controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
    button,select,input[type=number]{background:#3a3a3c;color:#f2f2f7;border:0;border-radius:6px;padding:4px 9px;font:inherit}
    button:hover{background:#48484a} #frameInput{width:5.5em} #info{font-variant-numeric:tabular-nums;min-width:12em}
    #status{color:#30d158;margin-left:auto} #status.bad{color:#ff453a} #status.busy{color:#ff9f0a}
    #scrubWrap{position:relative;margin:8px 0 0 64px} #scrub{width:100%;margin:0;display:block}
    #range{position:absolute;top:-4px;height:3px;background:#0a84ff;border-radius:2px}
    #track{margin:6px 0 0 64px;position:relative;border-bottom:1px solid #636366}
    .lane{position:relative;height:18px;border-top:1px solid #2c2c2e}
    .lane span{position:absolute;left:-64px;width:58px;text-align:right;color:#8e8e93;font-size:11px;line-height:18px}
    .ev{position:absolute;top:3px;width:3px;height:12px;margin-left:-1px;cursor:pointer;border-radius:1px;background:#8e8e93}
    .ev.haptic{background:#ff9f0a}.ev.timer{background:#64d2ff;width:1px;margin-left:0}.ev.event{background:#bf5af2}
    #cursor{position:absolute;top:0;bottom:0;width:1px;background:#0a84ff;pointer-events:none}
    #now{color:#ff9f0a;min-height:1.4em;margin:4px 0 0 64px}
    #eventList{margin:6px 0} #eventList table{border-collapse:collapse;font-variant-numeric:tabular-nums}
    #eventList td,#eventList th{padding:1px 10px 1px 0;text-align:left} #eventList tr.at{background:#0a84ff33}
    #eventList tbody tr{cursor:pointer} #eventList th{color:#8e8e93;font-weight:500}
    #sheet{display:flex;flex-wrap:wrap;gap:10px;margin-top:10px}
    .cell{margin:0;cursor:pointer;border:2px solid transparent;border-radius:4px;padding:2px}
    .cell.at{border-color:#0a84ff}.cell img{display:block;max-width:160px;height:auto}
    .cell.haptic img{box-shadow:0 -3px 0 #ff9f0a}
    .cell figcaption{font-size:11px;color:#8e8e93}.cell figcaption b{color:#f2f2f7;margin-right:6px}
    .cell figcaption i{color:#ff9f0a;font-style:normal;display:block}
    #links a{color:#0a84ff} #keys{color:#8e8e93;font-size:11px}
    """#

    /// The whole script: the player, its view tools (`PreviewPageModel.viewTools`: zoom, background, onion skin,
    /// compare modes), then the start.
    static var script: String { core + PreviewPageModel.viewTools + start }

    static let core = #"""
    (function(){
    'use strict';
    var D=JSON.parse(document.getElementById('data').textContent);
    function $(id){return document.getElementById(id);}
    var N=D.count,fps=D.fps,last=Math.max(N-1,0),body=document.body;
    var canvas=$('frame'),ctx=canvas.getContext('2d'),ccanvas=$('compareFrame'),cctx=ccanvas.getContext('2d');
    var scrub=$('scrub'),info=$('info'),input=$('frameInput'),speedSel=$('speed'),loopBox=$('loop'),cmpBox=$('compare');
    var st={f:0,timer:null,speed:1,inF:0,outF:last,loops:0};
    var cssW=D.width/D.scale,cssH=D.height/D.scale;
    // Frames are drawn at D.scale pixels per point and shown at one CSS pixel per point: on a screen whose pixel
    // ratio is the scale, one frame pixel lands on one device pixel.
    canvas.width=D.width;canvas.height=D.height;canvas.style.width=cssW+'px';canvas.style.height=cssH+'px';
    var ocanvas=$('overlay'),octx2=ocanvas.getContext('2d');
    scrub.max=last;input.max=last;
    var dpr=window.devicePixelRatio||1;
    // render watch without --scale draws for the screen: the page tells the server its pixel ratio and the server
    // renders again at the nearest scale it allows (as the server works it out: 0.25 steps, 0.25 to 8). A tab asks
    // for a scale once per run of the server (sessionStorage keeps what it asked, with the run's id), so two tabs on
    // different screens cannot take turns asking for ever; the one that asked last wins and the other's caption says
    // so (as it does when the canvas is too big at the screen's scale and the server keeps the scene's own).
    var follows=!!(D.watch&&D.watch.follows),wanted=Math.min(8,Math.max(0.25,Math.round(dpr*4)/4));
    var askKey='render-watch-asked',asking=follows?D.watch.run+' '+wanted:'',asked=null,ask=false;
    try{asked=sessionStorage.getItem(askKey);}catch(e){}
    if(follows&&Math.abs(wanted-D.scale)>=0.001&&asked!==asking){ask=true;try{sessionStorage.setItem(askKey,asking);}catch(e){}}
    if(N>0&&Math.abs(dpr-D.scale)>0.01)$('caption').textContent+=' · drawn at '+D.scale+'×, screen '+dpr+'×'+(
      !D.watch?' (--scale '+dpr+' matches it)':
      !follows?' (fixed by --scale; without it the frames follow the screen)':
      ask?' · rendering at '+wanted+'×…':
      Math.abs(wanted-D.scale)<0.001?' (the nearest scale the renderer draws)':' (asked for '+wanted+'×: see the terminal of render watch)');
    function frameURL(base,i){return base+'frame_'+String(i).padStart(5,'0')+'.png';}
    // A small cache of frame images, least recently used first out: the browser holds a few frames, never all.
    var cache=new Map(),LIMIT=32;
    function image(url){var im=cache.get(url);
      if(im){cache.delete(url);cache.set(url,im);return im;}
      im=new Image();im.src=url;cache.set(url,im);
      while(cache.size>LIMIT)cache.delete(cache.keys().next().value);
      return im;}
    function paint(c,x,url,f,main){var im=image(url);
      function go(){if(st.f!==f)return;
        if(!main&&(c.width!==im.naturalWidth||c.height!==im.naturalHeight)){c.width=im.naturalWidth;c.height=im.naturalHeight;}
        x.clearRect(0,0,c.width,c.height);x.drawImage(im,0,0,c.width,c.height);if(main)body.dataset.drawn=f;}
      if(im.complete&&im.naturalWidth)go();else im.addEventListener('load',go,{once:true});}
    function compareFrame(f){var C=D.compare,j=C.fps?Math.floor(f/fps*C.fps+1e-6):f;return Math.max(0,Math.min(j,C.count-1));}
    function comparing(){return !!D.compare&&cmpBox.checked;}
    function pos(f){return (last>0?f/last:0)*100+'%';}
    function clampF(v){v=Math.round(+v);return isFinite(v)?Math.max(0,Math.min(last,v)):0;}
    function frameAt(t){return clampF(Math.floor(t*fps+1e-6));}
    var rows=[],cells=[];
    function show(f){
      f=clampF(f);st.f=f;scrub.value=f;if(document.activeElement!==input)input.value=f;body.dataset.frame=f;
      info.textContent='frame '+f+' / '+last+' · '+(f/fps).toFixed(3)+' s';
      $('cursor').style.left=pos(f);
      var here=D.events.filter(function(e){return e.f===f;});
      var shown=here.slice(0,8).map(function(e){return e.name+' @ '+e.t+' s';});
      if(here.length>8)shown.push('and '+(here.length-8)+' more (see events)');
      $('now').textContent=shown.join(' · ');
      rows.forEach(function(r){r.el.className=r.f===f?'at':'';});
      cells.forEach(function(c){c.el.classList.toggle('at',c.f===f);});
      if(N>0)paint(canvas,ctx,frameURL(D.frames,f),f,true);
      if(comparing()){var j=compareFrame(f);
        if(cmpMode==='side')paint(ccanvas,cctx,frameURL(D.compare.url,j),f,false);else paint(ocanvas,octx2,frameURL(D.compare.url,j),f,false);
        $('compareCaption').textContent='compared: '+D.compare.label+' · frame '+j;pairingNote(f,j);}
      drawOnion(f);
      if(!st.timer)remember();
    }
    function preload(f){for(var k=1;k<=4;k++){var g=f+k;if(g>st.outF)g=st.inF+(g-st.outF-1);if(g>=0&&g<N)image(frameURL(D.frames,g));}}
    function pause(){if(st.timer){clearInterval(st.timer);st.timer=null;}$('play').textContent='play';delete body.dataset.playing;remember();}
    function tick(){var n=st.f+1;
      if(n<st.inF)n=st.inF;
      if(n>st.outF){if(!loopBox.checked){pause();return;}n=st.inF;st.loops++;body.dataset.loops=st.loops;}
      show(n);preload(n);}
    function play(){if(st.timer||N<2)return;
      if(st.f>=st.outF&&!loopBox.checked)show(st.inF);
      $('play').textContent='pause';body.dataset.playing='1';st.timer=setInterval(tick,1000/(fps*st.speed));}
    function toggle(){st.timer?pause():play();}
    function step(n){pause();show(st.f+n);}
    function setSpeed(v){if(!(v>0))return;st.speed=v;
      var best=null;for(var o of speedSel.options){if(best===null||Math.abs(+o.value-v)<Math.abs(+best.value-v))best=o;}
      if(best&&Math.abs(+best.value-v)<1e-9)speedSel.value=best.value;else{var o=new Option(v+'×',v);speedSel.add(o);speedSel.value=o.value;}
      if(st.timer){clearInterval(st.timer);st.timer=null;play();}}
    function drawRange(){var r=$('range');var full=st.inF===0&&st.outF===last;r.hidden=full;
      r.style.left=pos(st.inF);r.style.width='calc('+pos(st.outF)+' - '+pos(st.inF)+')';
      body.dataset.in=st.inF;body.dataset.out=st.outF;}
    function setRange(a,b){st.inF=clampF(a);st.outF=clampF(b);if(st.outF<st.inF){var t=st.inF;st.inF=st.outF;st.outF=t;}drawRange();remember();}
    // The address keeps the state (frame, speed, range) so a reload or a shared link opens the same view; written
    // while paused only (browsers throttle frequent history updates).
    function hashFor(extra){var p=extra||['frame='+st.f];
      if(st.speed!==1)p.push('speed='+st.speed);
      if(st.inF!==0||st.outF!==last)p.push('in='+st.inF,'out='+st.outF);
      if(!loopBox.checked)p.push('loop=0');
      if(D.compare&&!cmpBox.checked)p.push('compare=0');
      toolsHash(p);
      return '#'+p.join('&');}
    function remember(){if(N>0)history.replaceState(null,'',hashFor());}
    function parse(){var q={};location.hash.replace(/^#/,'').split('&').forEach(function(p){if(!p)return;var i=p.indexOf('=');
      var k=decodeURIComponent(i<0?p:p.slice(0,i)),v=i<0?'':decodeURIComponent(p.slice(i+1));q[k]=v;});return q;}
    function compareChanged(){body.dataset.compare=comparing()?'1':'0';layoutCompare();show(st.f);}
    function apply(q,first){
      if(q.speed!==undefined)setSpeed(parseFloat(q.speed));
      if(q.loop!==undefined)loopBox.checked=q.loop!=='0';
      if(q['in']!==undefined||q.out!==undefined)setRange(q['in']!==undefined?q['in']:0,q.out!==undefined?q.out:last);
      if(D.compare&&q.compare!==undefined)cmpBox.checked=q.compare!=='0';
      applyTools(q);
      if(D.compare){$('compareToggle').hidden=false;body.dataset.compare=comparing()?'1':'0';layoutCompare();}
      var f=q.frame!==undefined?parseInt(q.frame,10)||0:q.t!==undefined?frameAt(parseFloat(q.t)||0):st.f;
      pause();show(f);
      if(q.step){var n=parseInt(q.step,10)||0;for(var i=0;i<Math.abs(n);i++)step(n<0?-1:1);}
      if('play' in q)play();}
    // Controls.
    function button(id,fn){$(id).addEventListener('click',function(){fn();this.blur();});}
    button('prev',function(){step(-1);});button('next',function(){step(1);});button('play',toggle);
    button('first',function(){pause();show(st.f>st.inF?st.inF:0);});
    button('last',function(){pause();show(st.f<st.outF?st.outF:last);});
    button('setIn',function(){setRange(st.f,st.outF<st.f?last:st.outF);});
    button('setOut',function(){setRange(st.inF>st.f?0:st.inF,st.f);});
    button('clearRange',function(){setRange(0,last);});
    scrub.addEventListener('input',function(){pause();show(+scrub.value);});
    input.addEventListener('change',function(){pause();show(+input.value);});
    speedSel.addEventListener('change',function(){setSpeed(+speedSel.value);speedSel.blur();});
    loopBox.addEventListener('change',function(){remember();loopBox.blur();});
    cmpBox.addEventListener('change',function(){compareChanged();cmpBox.blur();});
    var speeds=[0.1,0.25,0.5,1,2];
    // Keys act once, wherever the focus is (the scrubber no longer moves by itself as well), except while a number is typed.
    document.addEventListener('keydown',function(e){
      if(e.target===input){if(e.key==='Enter'){show(+input.value);input.blur();}return;}
      if(e.ctrlKey||e.metaKey||e.altKey)return;
      var k=e.key,big=e.shiftKey?10:1,done=true;
      if(k==='ArrowLeft'||k==='ArrowDown')step(-big);
      else if(k==='ArrowRight'||k==='ArrowUp')step(big);
      else if(k==='PageDown')step(-10);else if(k==='PageUp')step(10);
      else if(k==='Home'){pause();show(st.f>st.inF?st.inF:0);}
      else if(k==='End'){pause();show(st.f<st.outF?st.outF:last);}
      else if(k===' ')toggle();
      else if(k==='i'||k==='I')$('setIn').click();
      else if(k==='o'||k==='O')$('setOut').click();
      else if(k==='x'||k==='X')setRange(0,last);
      else if(k==='l'||k==='L'){loopBox.checked=!loopBox.checked;remember();}
      else if(k==='-'||k==='+'||k==='='){var i=speeds.indexOf(st.speed);i=i<0?3:i;setSpeed(speeds[Math.max(0,Math.min(speeds.length-1,i+(k==='-'?-1:1)))]);}
      else if((k==='c'||k==='C')&&D.compare){cmpBox.checked=!cmpBox.checked;compareChanged();}
      else done=toolsKey(k,e.shiftKey);
      if(done)e.preventDefault();});
    window.addEventListener('hashchange',function(){apply(parse(),false);});
    // The events track: one lane each for haptics, timers and events; a click goes to the event's frame.
    var lanes={};document.querySelectorAll('.lane').forEach(function(l){lanes[l.dataset.lane]=l;});
    D.events.forEach(function(e){var d=document.createElement('div');d.className='ev '+e.lane;d.style.left=pos(e.f);
      d.title=e.name+' at '+e.t+' s (frame '+e.f+')';d.addEventListener('click',function(){pause();show(e.f);});
      (lanes[e.lane]||lanes.event).appendChild(d);
      var tr=document.createElement('tr');[e.t,e.f,e.lane,e.name].forEach(function(v){var td=document.createElement('td');td.textContent=v;tr.appendChild(td);});
      tr.addEventListener('click',function(){pause();show(e.f);});$('eventRows').appendChild(tr);rows.push({el:tr,f:e.f});});
    $('eventList').querySelector('summary').textContent='events ('+D.events.length+')';
    // The contact sheet: a click goes to the frame.
    D.sheet.forEach(function(c){var fig=document.createElement('figure');fig.className='cell'+(c.h.length?' haptic':'');
      var im=document.createElement('img');im.loading='lazy';im.src=frameURL(D.frames,c.f);im.alt='frame '+c.f;
      im.style.width=Math.min(160,cssW)+'px';fig.appendChild(im);
      var cap=document.createElement('figcaption'),b=document.createElement('b');b.textContent='#'+c.f;cap.appendChild(b);
      cap.appendChild(document.createTextNode((c.f/fps).toFixed(3)+' s'));
      if(c.h.length){var n={};c.h.forEach(function(x){n[x]=(n[x]||0)+1;});
        var h=document.createElement('i');h.textContent='haptic '+Object.keys(n).sort().map(function(x){return n[x]>1?x+' ×'+n[x]:x;}).join(', ');cap.appendChild(h);}
      fig.appendChild(cap);fig.addEventListener('click',function(){pause();show(c.f);});$('sheet').appendChild(fig);cells.push({el:fig,f:c.f});});
    // render watch: wait for news; a new render reloads the page at the same time; problems show over the last good frames.
    var status=$('status');
    function problems(lines){$('errors').hidden=!lines.length;$('errorLines').textContent=lines.join('\n');}
    // The screen's ratio is the page's one request that changes the server's state: a POST with the token the page
    // was served with (the server refuses it otherwise, so no other site's page can make it render at 8×).
    function tellScreen(){return fetch('screen?ratio='+dpr,{method:'POST',cache:'no-store',headers:{'X-Render-Token':D.watch.token}})
      .then(function(){},function(){});}
    function watch(version){
      fetch(D.watch.status+'?since='+version,{cache:'no-store'}).then(function(r){if(!r.ok)throw new Error(r.status);return r.json();}).then(function(s){
        status.textContent=s.rendering?'rendering…':s.errors.length?'scene has problems':'live';
        status.className=s.rendering?'busy':s.errors.length?'bad':'';
        problems(s.errors);
        if(s.generation!==D.watch.generation){
          var extra=['t='+(st.f/fps)];if(st.timer)extra.push('play');
          history.replaceState(null,'',hashFor(extra));location.reload();return;}
        watch(s.version);
      }).catch(function(){status.textContent='watch stopped; retrying';status.className='bad';setTimeout(function(){watch(0);},1000);});}
    """#

    static let start = #"""
    if(N===0){['first','prev','play','next','last','setIn','setOut','clearRange'].forEach(function(id){$(id).disabled=true;});
      scrub.disabled=true;input.disabled=true;canvas.width=0;canvas.height=0;info.textContent='no frames yet';}
    drawRange();
    apply(parse(),true);
    if(D.watch){if(ask){ask=false;tellScreen().then(function(){watch(0);});}else watch(0);}
    // A window moved to a screen of another pixel ratio (or zoomed): the page reloads at the same time, and reading the
    // new ratio asks for frames at it as on a first load. The media query's change event comes when the browser next
    // updates the page's rendering, which a hidden or headless page may not do: a check every second catches it too.
    if(follows){var moved=function(){if((window.devicePixelRatio||1)===dpr)return;
        var extra=['t='+(st.f/fps)];if(st.timer)extra.push('play');
        history.replaceState(null,'',hashFor(extra));location.reload();};
      if(window.matchMedia){var mq=window.matchMedia('(resolution: '+dpr+'dppx)');
        if(mq.addEventListener)mq.addEventListener('change',moved);else if(mq.addListener)mq.addListener(moved);}
      setInterval(moved,1000);}
    })();
    """#
}
