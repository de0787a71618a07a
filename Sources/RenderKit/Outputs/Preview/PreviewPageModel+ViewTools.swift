/// The preview page's view tools, the ones designers reach for in Remotion Studio and the Lottie players: zoom (fit,
/// or 25 % to 800 %, pixels kept sharp when magnified), the background behind transparent pixels (a checkerboard,
/// white, black or the page's), an onion skin (up to three frames before and after, tinted red and green, drawn only
/// where they differ from the shown frame so a moving part leaves a trail and nothing else is veiled) and the compare
/// modes (side by side, the other render over this one at an opacity, or their difference). Each has a key and a
/// place in the address's fragment: `zoom=fit|2`, `bg=white`, `onion=2`, `cmp=overlay|diff&mix=0.5`.
///
/// The script runs inside the player's (`PreviewPageScript`), after its functions and before its start, and shares
/// their names: `show` calls `drawOnion` and `pairingNote`, `apply` calls `applyTools`, `hashFor` calls `toolsHash`,
/// the key handler `toolsKey`.
extension PreviewPageModel {
    static let viewToolsStyle = #"""
    [hidden]{display:none!important}
    #viewport{overflow:auto;max-height:72vh}
    .box{position:relative;line-height:0}
    .box canvas{display:block}.box canvas.pixelated{image-rendering:pixelated}
    #onion,#overlay{position:absolute;left:0;top:0;pointer-events:none}
    #overlay.diff{mix-blend-mode:difference}
    .bg-checker{background:repeating-conic-gradient(#c7c7cc 0 25%,#fff 0 50%) 0 0/16px 16px}
    .bg-white{background:#fff}.bg-black{background:#000}.bg-none{background:transparent}
    #view{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:6px;color:#8e8e93}
    #view label{display:flex;gap:4px;align-items:center} #mix{width:90px}
    #pairing{color:#8e8e93;font-size:11px}#pairing.warn{color:#ff9f0a}
    """#

    static let viewTools = #"""
    // View tools: zoom, background, onion skin, compare modes (see PreviewPageModel+ViewTools.swift).
    var zoomSel=$('zoom'),bgSel=$('bg'),onionSel=$('onionSel'),modeSel=$('cmpMode'),mixIn=$('mix');
    var zooms=[0.25,0.5,1,2,4,8],zoom='1',bg='checker',onion=0,cmpMode='side',mix=0.5;
    var onionCanvas=$('onion'),onx=onionCanvas.getContext('2d');onionCanvas.width=D.width;onionCanvas.height=D.height;
    function zoomFactor(){if(zoom!=='fit')return +zoom;
      var sides=comparing()&&cmpMode==='side'?2:1,w=(window.innerWidth-40-(sides-1)*16)/sides,h=window.innerHeight*0.7;
      return Math.max(0.05,Math.min(w/cssW,h/cssH));}
    // One CSS size for every canvas of the stage; magnified frames keep their pixels square instead of blurred.
    function applyZoom(){var z=zoomFactor(),w=cssW*z+'px',h=cssH*z+'px',sharp=z*dpr/D.scale>1.01;
      [canvas,ccanvas,onionCanvas,ocanvas].forEach(function(c){c.style.width=w;c.style.height=h;c.classList.toggle('pixelated',sharp);});
      body.dataset.zoom=z;}
    function setZoom(v){zoom=v==='fit'?'fit':String(zooms.reduce(function(a,b){return Math.abs(b-v)<Math.abs(a-v)?b:a;}));
      zoomSel.value=zoom;applyZoom();remember();}
    function stepZoom(d){var z=zoomFactor(),i;
      if(d>0){i=zooms.findIndex(function(x){return x>z+1e-9;});setZoom(zooms[i<0?zooms.length-1:i]);}
      else{i=-1;zooms.forEach(function(x,k){if(x<z-1e-9)i=k;});setZoom(zooms[i<0?0:i]);}}
    function setBg(v){bg=['checker','white','black','none'].indexOf(v)<0?'checker':v;bgSel.value=bg;
      document.querySelectorAll('.box').forEach(function(b){b.className='box bg-'+bg;});remember();}
    function setOnion(n){onion=Math.max(0,Math.min(3,parseInt(n,10)||0));onionSel.value=String(onion);body.dataset.onion=onion;drawOnion(st.f);remember();}
    function setMode(m){cmpMode=['side','overlay','diff'].indexOf(m)<0?'side':m;modeSel.value=cmpMode;layoutCompare();show(st.f);}
    function setMix(v){v=parseFloat(v);mix=isFinite(v)?Math.max(0,Math.min(1,v)):0.5;mixIn.value=mix;ocanvas.style.opacity=cmpMode==='diff'?1:mix;remember();}
    function layoutCompare(){var on=comparing();
      $('compareStage').hidden=!on||cmpMode!=='side';ocanvas.hidden=!on||cmpMode==='side';
      ocanvas.classList.toggle('diff',cmpMode==='diff');ocanvas.style.opacity=cmpMode==='diff'?1:mix;
      $('mixLabel').hidden=!on||cmpMode!=='overlay';$('cmpModeLabel').hidden=!D.compare;$('pairing').hidden=!on;
      body.dataset.cmpMode=on?cmpMode:'off';applyZoom();}
    // How frames pair with the other render's, said on the page: by time when both fps are known, else by index with
    // a warning, and a warning too when the two renders last differently long (past the other's end, its last frame).
    function pairingNote(f,j){var C=D.compare,p=$('pairing'),warn=false,t;
      if(C.fps){t='paired by time: '+fps+' fps here, '+C.fps+' fps there';
        var mine=N/fps,theirs=C.count/C.fps;if(Math.abs(mine-theirs)>Math.max(1/fps,1/C.fps)+1e-9){warn=true;t+=' · lengths differ ('+mine.toFixed(3)+' s here, '+theirs.toFixed(3)+' s there)';}}
      else{t='paired by frame number: the other render has no manifest.json (say its fps with --compare-fps)';warn=C.count!==N;
        if(warn)t+=' · frame counts differ ('+N+' here, '+C.count+' there): the pairing is probably wrong';}
      if(Math.floor(f/fps*(C.fps||fps)+1e-6)>C.count-1){t+=' · past its end: its last frame';warn=true;}
      p.textContent='frame '+j+' there · '+t;p.className=warn?'warn':'';}
    // Onion skin: the frames around the shown one, drawn where they differ from it (red before, green after, fading
    // with distance, and as opaque as the neighbour is there: its transparent pixels veil nothing). A page that may not read its frames' pixels (file:// in Chromium) draws them faintly whole.
    var pixelCache=new Map();
    function pixels(url,im){var hit=pixelCache.get(url);if(hit!==undefined)return hit;
      var c=document.createElement('canvas');c.width=D.width;c.height=D.height;var x=c.getContext('2d');x.drawImage(im,0,0,c.width,c.height);
      var data=null;try{data=x.getImageData(0,0,c.width,c.height).data;}catch(e){}
      pixelCache.set(url,data);while(pixelCache.size>8)pixelCache.delete(pixelCache.keys().next().value);return data;}
    function loaded(im){return new Promise(function(ok){if(im.complete&&im.naturalWidth)ok();else{im.addEventListener('load',ok,{once:true});im.addEventListener('error',ok,{once:true});}});}
    function drawOnion(f){onx.clearRect(0,0,D.width,D.height);onionCanvas.hidden=!onion||N<2;if(!onion||N<2)return;
      var list=[];for(var k=1;k<=onion;k++){if(f-k>=0)list.push({f:f-k,k:k,tint:[255,55,95]});if(f+k<=last)list.push({f:f+k,k:k,tint:[48,209,88]});}
      var cur=image(frameURL(D.frames,f)),ims=list.map(function(n){return image(frameURL(D.frames,n.f));});
      Promise.all([loaded(cur)].concat(ims.map(loaded))).then(function(){if(st.f!==f||!onion)return;
        var base=pixels(frameURL(D.frames,f),cur);
        if(!base){list.forEach(function(n,i){onx.globalAlpha=0.35/n.k;onx.drawImage(ims[i],0,0,D.width,D.height);});onx.globalAlpha=1;body.dataset.onionDrawn=f;return;}
        var out=onx.createImageData(D.width,D.height),o=out.data;
        list.slice().reverse().forEach(function(n){var p=pixels(frameURL(D.frames,n.f),ims[list.indexOf(n)]);if(!p)return;var a=180/n.k;
          for(var i=0;i<p.length;i+=4){if(Math.abs(p[i]-base[i])+Math.abs(p[i+1]-base[i+1])+Math.abs(p[i+2]-base[i+2])+Math.abs(p[i+3]-base[i+3])<24)continue;
            o[i]=(p[i]+n.tint[0])>>1;o[i+1]=(p[i+1]+n.tint[1])>>1;o[i+2]=(p[i+2]+n.tint[2])>>1;o[i+3]=Math.max(o[i+3],Math.round(a*p[i+3]/255));}});
        onx.putImageData(out,0,0);body.dataset.onionDrawn=f;});}
    function applyTools(q){
      if(q.zoom!==undefined)setZoom(q.zoom==='fit'?'fit':parseFloat(q.zoom)||1);
      if(q.bg!==undefined)setBg(q.bg);
      if(q.onion!==undefined)setOnion(q.onion);
      if(q.mix!==undefined)setMix(q.mix);
      if(q.cmp!==undefined&&D.compare){cmpMode=['side','overlay','diff'].indexOf(q.cmp)<0?'side':q.cmp;modeSel.value=cmpMode;}
      applyZoom();}
    function toolsHash(p){if(zoom!=='1')p.push('zoom='+zoom);if(bg!=='checker')p.push('bg='+bg);if(onion)p.push('onion='+onion);
      if(D.compare&&cmpMode!=='side')p.push('cmp='+cmpMode);if(D.compare&&mix!==0.5)p.push('mix='+mix);}
    function toolsKey(k,shift){
      if(k==='z'||k==='Z')stepZoom(shift||k==='Z'?-1:1);
      else if(k==='f'||k==='F')setZoom(zoom==='fit'?1:'fit');
      else if(k==='1')setZoom(1);
      else if(k==='b'||k==='B'){var b=['checker','white','black','none'];setBg(b[(b.indexOf(bg)+1)%b.length]);}
      else if(k==='n'||k==='N')setOnion(onion?0:1);
      else if((k==='v'||k==='V')&&D.compare){var m=['side','overlay','diff'];setMode(m[(m.indexOf(cmpMode)+1)%m.length]);}
      else return false;
      return true;}
    zoomSel.addEventListener('change',function(){setZoom(zoomSel.value==='fit'?'fit':+zoomSel.value);zoomSel.blur();});
    bgSel.addEventListener('change',function(){setBg(bgSel.value);bgSel.blur();});
    onionSel.addEventListener('change',function(){setOnion(onionSel.value);onionSel.blur();});
    modeSel.addEventListener('change',function(){setMode(modeSel.value);modeSel.blur();});
    mixIn.addEventListener('input',function(){setMix(mixIn.value);});
    window.addEventListener('resize',function(){if(zoom==='fit')applyZoom();});

    """#

    /// The view tools' controls, under the player's.
    static let viewToolsControls = """
    <div id="view">
    <label title="zoom (Z in, Shift+Z out, F fit, 1 100 %)">zoom <select id="zoom"><option value="fit">fit</option><option value="0.25">25 %</option><option value="0.5">50 %</option><option value="1" selected>100 %</option><option value="2">200 %</option><option value="4">400 %</option><option value="8">800 %</option></select></label>
    <label title="behind transparent pixels (B)">background <select id="bg"><option value="checker" selected>checkerboard</option><option value="white">white</option><option value="black">black</option><option value="none">page</option></select></label>
    <label title="onion skin: frames before (red) and after (green) where they differ (N)">onion skin <select id="onionSel"><option value="0" selected>off</option><option value="1">±1</option><option value="2">±2</option><option value="3">±3</option></select></label>
    <label id="cmpModeLabel" hidden title="how the other render is shown (V)">compare <select id="cmpMode"><option value="side" selected>side by side</option><option value="overlay">overlay</option><option value="diff">difference</option></select></label>
    <label id="mixLabel" hidden title="opacity of the other render over this one">opacity <input id="mix" type="range" min="0" max="1" step="0.05" value="0.5"></label>
    <span id="pairing" hidden></span>
    </div>
    """
}
